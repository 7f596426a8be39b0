#ifndef CGLPK_H
#define CGLPK_H

#include <glpk.h>

#endif

#include "cglpk.h"

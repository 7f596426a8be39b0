/*
 * The floor for any GLPK wrapper: issue 13's diet model built with GLPK's C API
 * and solved with glp_simplex at its default settings.
 *
 *   cc -O2 -o glpk_diet glpk_diet.c -lglpk
 *   ./glpk_diet family-8000.tsv           prints the optimum and the times
 *   ./glpk_diet --version                 prints GLPK's version
 *
 * For measuring GLPK's settings on the same model (docs/performance.md), two
 * variables change them; unset, the defaults above are used:
 *   GLPK_DIET_METHOD=dual                 glp_simplex's dual simplex (parm.meth = GLP_DUALP)
 *   GLPK_DIET_SCALE=16                    glp_scale_prob(lp, 16) first (16 = GLP_SF_EQ,
 *                                         1 = GLP_SF_GM, 80 = GLP_SF_EQ | GLP_SF_SKIP)
 *
 * The input is the table generate.py --tsv writes: one line per food, its NDB
 * number, price per 100 g, then energy, protein, fat, carbs, fiber, saturated
 * fat, sodium, calcium, iron, vitamin C and potassium per 100 g (0 where SR28
 * has no value). The model is planner's, in planner's order: one column per
 * food and day (day by day), 0 to 500 g; the nine daily goal rows (goal by
 * goal, day by day); one row per food holding its week to 700 g.
 */
#include <glpk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define DAYS 7
#define VALUES 11

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static int quiet(void *info, const char *s) {
  (void)info;
  (void)s;
  return 1;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: glpk_diet FILE.tsv\n");
    return 2;
  }
  if (strcmp(argv[1], "--version") == 0) {
    printf("GLPK %s\n", glp_version());
    return 0;
  }
  double start = now();
  FILE *in = fopen(argv[1], "r");
  if (!in) {
    perror(argv[1]);
    return 1;
  }
  int capacity = 1024, n = 0;
  double *price = malloc(sizeof(double) * capacity);
  double(*value)[VALUES] = malloc(sizeof(*value) * capacity);
  char ndb[32];
  while (fscanf(in, "%31s %lf", ndb, &price[n]) == 2) {
    for (int k = 0; k < VALUES; k++)
      if (fscanf(in, "%lf", &value[n][k]) != 1) {
        fprintf(stderr, "%s: bad line %d\n", argv[1], n + 1);
        return 1;
      }
    if (++n == capacity) {
      capacity *= 2;
      price = realloc(price, sizeof(double) * capacity);
      value = realloc(value, sizeof(*value) * capacity);
    }
  }
  fclose(in);
  /* goal: nutrient column in the table, lower and upper bound (-1: none) */
  static const struct { int column; double lower, upper; } goals[] = {
      {0, 1800, 2400}, {1, 60, -1}, {4, 25, -1}, {6, -1, 2300}, {5, -1, 22},
      {7, 1000, -1},   {8, 8, -1},  {9, 90, -1}, {10, 3500, -1},
  };
  int goalCount = sizeof goals / sizeof goals[0];
  glp_term_hook(quiet, NULL);
  glp_prob *lp = glp_create_prob();
  glp_set_obj_dir(lp, GLP_MIN);
  int cols = n * DAYS, rows = goalCount * DAYS + n;
  glp_add_cols(lp, cols);
  for (int d = 0; d < DAYS; d++)
    for (int f = 0; f < n; f++) {
      int j = d * n + f + 1;
      glp_set_col_bnds(lp, j, GLP_DB, 0, 500);
      glp_set_obj_coef(lp, j, price[f] / 100);
    }
  glp_add_rows(lp, rows);
  int capacityEntries = goalCount * n * DAYS + cols + 1, count = 0;
  int *ia = malloc(sizeof(int) * capacityEntries), *ja = malloc(sizeof(int) * capacityEntries);
  double *ar = malloc(sizeof(double) * capacityEntries);
  int row = 0;
  for (int g = 0; g < goalCount; g++)
    for (int d = 0; d < DAYS; d++) {
      row++;
      double lo = goals[g].lower, hi = goals[g].upper;
      glp_set_row_bnds(lp, row, lo >= 0 && hi >= 0 ? GLP_DB : lo >= 0 ? GLP_LO : GLP_UP, lo, hi);
      for (int f = 0; f < n; f++) {
        double v = value[f][goals[g].column];
        if (v == 0) continue;
        count++;
        ia[count] = row, ja[count] = d * n + f + 1, ar[count] = v / 100;
      }
    }
  for (int f = 0; f < n; f++) {
    row++;
    glp_set_row_bnds(lp, row, GLP_UP, 0, 700);
    for (int d = 0; d < DAYS; d++) {
      count++;
      ia[count] = row, ja[count] = d * n + f + 1, ar[count] = 1;
    }
  }
  glp_load_matrix(lp, count, ia, ja, ar);
  double built = now();
  glp_smcp parm;
  glp_init_smcp(&parm);
  const char *method = getenv("GLPK_DIET_METHOD"), *scale = getenv("GLPK_DIET_SCALE");
  if (method && strcmp(method, "dual") == 0) parm.meth = GLP_DUALP;
  if (scale) glp_scale_prob(lp, atoi(scale));
  int status = glp_simplex(lp, &parm);
  double solved = now();
  if (status != 0 || glp_get_status(lp) != GLP_OPT) {
    fprintf(stderr, "glp_simplex: return %d, status %d\n", status, glp_get_status(lp));
    return 1;
  }
  printf("objective %.9f\nread+build %.4f s\nsolve %.4f s\ntotal %.4f s\n", glp_get_obj_val(lp),
         built - start, solved - built, solved - start);
  glp_delete_prob(lp);
  return 0;
}

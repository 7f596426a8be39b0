#include "cglpk.h"

#include <float.h>
#include <pthread.h>
#include <stdlib.h>
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <string.h>
#include <time.h>

/* State of one guarded call: where to jump back to, and GLPK's output. */
typedef struct {
  jmp_buf jump;
  char text[512];
  size_t length;
} guard_state;

/* How many times the shim freed this thread's GLPK environment (and with it
 * every GLPK object of the thread): a session compares it with the count at
 * its creation to know whether its problem object still exists. */
static _Thread_local unsigned long env_generation = 0;

static void free_env(void) {
  glp_free_env();
  env_generation += 1;
}

/* Terminal hook: keeps the first part of GLPK's output, prints nothing. */
static int capture_output(void *info, const char *text) {
  guard_state *guard = (guard_state *)info;
  size_t room = sizeof guard->text - 1 - guard->length;
  size_t count = strlen(text);
  if (count > room) count = room;
  memcpy(guard->text + guard->length, text, count);
  guard->length += count;
  guard->text[guard->length] = '\0';
  return 1;
}

/* Error hook: GLPK calls it instead of returning from an internal error;
 * jumping back is the only way to avoid abort(). */
static void jump_back(void *info) {
  guard_state *guard = (guard_state *)info;
  longjmp(guard->jump, 1);
}

static void copy_message(char *destination, int size, const char *source) {
  if (destination == NULL || size <= 0) return;
  strncpy(destination, source, (size_t)size - 1);
  destination[size - 1] = '\0';
}

static void install(guard_state *guard) {
  memset(guard, 0, sizeof *guard);
  glp_term_hook(capture_output, guard);
  glp_error_hook(jump_back, guard);
  glp_term_out(GLP_OFF);
}

static void uninstall(void) {
  glp_error_hook(NULL, NULL);
  glp_term_hook(NULL, NULL);
}

/* What the branch-and-cut callback reads and writes. */
typedef struct {
  cglpk_result *result;
  cglpk_stop_query should_stop;
  int node_limit;
  cglpk_incumbent_report on_incumbent;
  void *report_context;
  const double *start;   /* 1-based start values for glp_ios_heur_sol, or NULL */
  int reported;          /* 1 once an incumbent has been reported */
  double last_reported;  /* the last incumbent reported */
  double time_limit;     /* the caller's limit in seconds from time_start (<= 0: none) */
  double time_start;     /* glp_time() when the solve started */
  glp_iocp *parm;        /* the tree's parameters, whose time limit the callback sets */
  int clock_set;         /* 1 once the callback has set that time limit */
  int timed_out;         /* 1 once the callback ended the search at the caller's limit */
  double probe_seconds;  /* one pseudocost probe, timed (< 0: not yet) */
} search_watch;

/* Reports the problem's integer solution when it is new. Solutions come
 * from integral nodes (GLP_IBINGO) and from GLPK's heuristics, which do not
 * call the callback with GLP_IBINGO: the stored solution is compared at
 * every call. */
static void report_incumbent(search_watch *watch, glp_prob *problem) {
  if (watch->on_incumbent == NULL) return;
  int status = glp_mip_status(problem);
  if (status != GLP_FEAS && status != GLP_OPT) return;
  double value = glp_mip_obj_val(problem);
  if (watch->reported && value == watch->last_reported) return;
  watch->reported = 1;
  watch->last_reported = value;
  watch->on_incumbent(watch->report_context, value);
}

static int milliseconds(double seconds) {
  if (!(seconds > 0)) return INT_MAX;
  double ms = seconds * 1000.0;
  if (ms >= (double)INT_MAX) return INT_MAX;
  return ms < 1 ? 1 : (int)ms;
}

/* The milliseconds left of a time limit (seconds; <= 0 for none) since
 * `start` (glp_time()): the LP, its re-solve and the branch-and-cut share one
 * limit. 0 when it has passed; INT_MAX without a limit. */
static int milliseconds_left(double seconds, double start) {
  if (!(seconds > 0)) return INT_MAX;
  double left = seconds - glp_difftime(glp_time(), start);
  return left > 0 ? milliseconds(left) : 0;
}

/* Seconds on a monotonic clock. */
static double monotonic_seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

/* What GLPK's pseudocost branching does for each child of each candidate
 * without a pseudocost (glpios09.c, eval_degrad): a copy of the node's
 * problem with the column fixed, and up to 30 dual simplex iterations.
 * Done once on column `j`, and timed. */
static double time_pseudocost_probe(glp_tree *tree, int j) {
  double begin = monotonic_seconds();
  glp_prob *node = glp_ios_get_prob(tree);
  glp_prob *copy = glp_create_prob();
  glp_copy_prob(copy, node, GLP_OFF);
  double value = floor(glp_get_col_prim(node, j));
  glp_set_col_bnds(copy, j, GLP_FX, value, value);
  glp_smcp parm;
  glp_init_smcp(&parm);
  parm.msg_lev = GLP_MSG_OFF;
  parm.meth = GLP_DUAL;
  parm.it_lim = 30;
  glp_simplex(copy, &parm);
  glp_delete_prob(copy);
  return monotonic_seconds() - begin;
}

/* Pseudocost branching probes both children of every candidate without a
 * pseudocost and looks at no clock meanwhile: at the root of a large week,
 * a second. When what is left of the caller's limit would not cover a
 * probe of each child of each candidate (one probe timed, once a tree),
 * the callback branches on the most fractional candidate instead. */
static void branch_within_limit(glp_tree *tree, search_watch *watch) {
  glp_prob *node = glp_ios_get_prob(tree);
  int columns = glp_get_num_cols(node), candidates = 0, chosen = 0;
  double widest = -1;
  for (int j = 1; j <= columns; j++) {
    if (!glp_ios_can_branch(tree, j)) continue;
    candidates += 1;
    double value = glp_get_col_prim(node, j);
    double fraction = value - floor(value);
    double distance = fraction < 0.5 ? fraction : 1 - fraction;
    if (distance > widest) {
      widest = distance;
      chosen = j;
    }
  }
  if (chosen == 0) return;
  if (watch->probe_seconds < 0) watch->probe_seconds = time_pseudocost_probe(tree, chosen);
  double left = milliseconds_left(watch->time_limit, watch->time_start) / 1000.0;
  if (2.0 * candidates * watch->probe_seconds >= left) glp_ios_branch_upon(tree, chosen, GLP_NO_BRNCH);
}

/* Branch-and-cut callback: records the gap and the best bound, keeps the
 * caller's time limit (GLPK's own clock starts late and pseudocost
 * branching reads none), and ends the search when the caller's stop query
 * says so. */
static void watch_search(glp_tree *tree, void *info) {
  search_watch *watch = (search_watch *)info;
  cglpk_result *result = watch->result;
  if (!watch->clock_set && watch->time_limit > 0) {
    /* GLPK counts the tree's time limit from the tree's start, after the
     * MIP presolver and its LP, and gives each node's LP what is left of it
     * then: a limit that runs from here to the caller's deadline (the
     * tree's start is no later than this first call) ends every node's LP
     * by that deadline. */
    int left = milliseconds_left(watch->time_limit, watch->time_start);
    watch->parm->tm_lim = left > 0 ? left : 1;
    watch->clock_set = 1;
  }
  if (glp_ios_reason(tree) == GLP_IHEUR && watch->start != NULL) {
    /* The caller's start, checked feasible by the caller, offered once. */
    result->start_accepted = glp_ios_heur_sol(tree, watch->start) == 0;
    watch->start = NULL;
  }
  report_incumbent(watch, glp_ios_get_prob(tree));
  switch (glp_ios_reason(tree)) {
  case GLP_IBINGO:
  case GLP_ISELECT:
  case GLP_IBRANCH: {
    double value = glp_ios_mip_gap(tree);
    if (value < DBL_MAX) result->mip_gap = value;
    int node = glp_ios_best_node(tree);
    if (node != 0) {
      result->mip_bound = glp_ios_node_bound(tree, node);
      result->has_mip_bound = 1;
    }
    break;
  }
  default:
    break;
  }
  if (!result->stopped && watch->should_stop != NULL && watch->should_stop()) {
    result->stopped = 1;
    glp_ios_terminate(tree);
  } else if (!watch->timed_out && watch->time_limit > 0 &&
             milliseconds_left(watch->time_limit, watch->time_start) == 0) {
    /* Past the deadline between two node LPs (cuts, heuristics): the
     * search ends here, as at GLPK's own limit. */
    watch->timed_out = 1;
    glp_ios_terminate(tree);
  } else if (glp_ios_reason(tree) == GLP_IBRANCH && watch->time_limit > 0 &&
             watch->parm->br_tech == GLP_BR_PCH) {
    branch_within_limit(tree, watch);
  } else if (!result->stopped && !result->node_limit_hit && watch->node_limit > 0 &&
             glp_ios_reason(tree) == GLP_ISELECT) {
    /* Nodes created so far, removed ones included: the same count on every run. */
    int total = 0;
    glp_ios_tree_size(tree, NULL, NULL, &total);
    if (total >= watch->node_limit) {
      result->node_limit_hit = 1;
      glp_ios_terminate(tree);
    }
  }
}

static void load(glp_prob *lp, const cglpk_problem *problem) {
  glp_set_obj_dir(lp, problem->maximize ? GLP_MAX : GLP_MIN);
  if (problem->rows > 0) glp_add_rows(lp, problem->rows);
  if (problem->cols > 0) glp_add_cols(lp, problem->cols);
  for (int i = 0; i < problem->rows; i++) {
    glp_set_row_bnds(lp, i + 1, problem->row_type[i], problem->row_lower[i], problem->row_upper[i]);
  }
  for (int j = 0; j < problem->cols; j++) {
    glp_set_col_kind(lp, j + 1, problem->col_kind[j]);
    glp_set_col_bnds(lp, j + 1, problem->col_type[j], problem->col_lower[j], problem->col_upper[j]);
    glp_set_obj_coef(lp, j + 1, problem->objective[j]);
  }
  glp_set_obj_coef(lp, 0, problem->objective_constant);
  if (problem->nonzeros > 0) {
    glp_load_matrix(lp, problem->nonzeros, problem->entry_row, problem->entry_col, problem->entry_value);
  }
}

static void run_simplex(glp_prob *lp, int method, int presolve, int time_limit, cglpk_result *result) {
  glp_smcp parm;
  glp_init_smcp(&parm);
  parm.msg_lev = GLP_MSG_OFF;
  parm.meth = method == CGLPK_PRIMAL ? GLP_PRIMAL : GLP_DUALP;
  parm.presolve = presolve ? GLP_ON : GLP_OFF;
  parm.tm_lim = time_limit;
  result->lp_return = glp_simplex(lp, &parm);
  if (result->lp_return == GLP_EBADB || result->lp_return == GLP_ESING || result->lp_return == GLP_ECOND) {
    /* A basis kept from an earlier solve (a session's) that no longer
     * factorizes: start again from the standard basis, which always does. */
    glp_std_basis(lp);
    result->lp_return = glp_simplex(lp, &parm);
  }
  result->lp_status = glp_get_status(lp);
  result->primal_status = glp_get_prim_stat(lp);
  result->dual_status = glp_get_dual_stat(lp);
}

static int definitive(int status) {
  return status == GLP_OPT || status == GLP_NOFEAS || status == GLP_UNBND;
}

/* Solves the LP relaxation; returns 1 when the interior-point solution is the one to read. */
static int solve_lp(glp_prob *lp, const cglpk_options *options, int has_integers, double start,
                    cglpk_result *result) {
  int limit = milliseconds_left(options->time_limit, start);
  if (limit == 0) limit = 1;
  if (options->method == CGLPK_INTERIOR && !has_integers) {
    glp_iptcp parm;
    glp_init_iptcp(&parm);
    parm.msg_lev = GLP_MSG_OFF;
    result->lp_return = glp_interior(lp, &parm);
    result->lp_status = glp_ipt_status(lp);
    if (result->lp_return == 0 && result->lp_status == GLP_OPT) return 1;
    /* The interior-point method cannot tell infeasible from unbounded, and
     * fails on some models: let the simplex method classify it. */
    run_simplex(lp, CGLPK_PRIMAL, 0, limit, result);
    result->lp_reclassified = 1;
    return 0;
  }
  int method = options->method == CGLPK_INTERIOR ? CGLPK_DUAL : options->method;
  run_simplex(lp, method, options->presolve, limit, result);
  int undecided = result->lp_return == 0 && !definitive(result->lp_status);
  int presolve_gave_up = options->presolve && result->lp_return == GLP_ENODFS;
  if (undecided || presolve_gave_up) {
    /* With presolve, GLP_ENODFS leaves no solution (GLP_UNDEF); the dual
     * simplex may stop at a dual infeasible point. The primal simplex
     * without presolve tells infeasible from unbounded. */
    int left = milliseconds_left(options->time_limit, start);
    run_simplex(lp, CGLPK_PRIMAL, 0, left > 0 ? left : 1, result);
    result->lp_reclassified = 1;
  }
  return 0;
}

/* Solves the loaded problem: the LP (from the problem's current basis, when
 * it has a valid one), then branch-and-cut when it has integer columns. */
static void solve_loaded(glp_prob *lp, const cglpk_options *options, double start, int keep_basis,
                         cglpk_result *result) {
  int has_integers = glp_get_num_int(lp) > 0;
  int interior = solve_lp(lp, options, has_integers, start, result);
  result->mip_gap = -1;
  result->has_mip_bound = 0;
  result->stopped = 0;
  result->node_limit_hit = 0;
  result->start_accepted = 0;
  int cols = glp_get_num_cols(lp), rows = glp_get_num_rows(lp);
  if (has_integers) {
    if (result->lp_return == 0 && result->lp_status == GLP_OPT && options->should_stop != NULL &&
        options->should_stop()) {
      result->stopped = 1;
    } else if (result->lp_return == 0 && result->lp_status == GLP_OPT &&
               milliseconds_left(options->time_limit, start) == 0) {
      /* The relaxation took the whole time limit: no time is left for branch-and-cut. */
      result->mip_ran = 1;
      result->mip_return = GLP_ETMLIM;
      result->mip_status = GLP_UNDEF;
    } else if (result->lp_return == 0 && result->lp_status == GLP_OPT) {
      glp_iocp parm;
      glp_init_iocp(&parm);
      search_watch watch = {result, options->should_stop, options->node_limit, options->on_incumbent,
                            options->report_context, options->start, 0, 0.0, options->time_limit, start,
                            &parm, 0, 0, -1};
      parm.msg_lev = GLP_MSG_OFF;
      parm.presolve = options->mip_presolve ? GLP_ON : GLP_OFF;
      parm.mip_gap = options->mip_gap;
      parm.tm_lim = milliseconds_left(options->time_limit, start);
      if (options->cuts & CGLPK_CUT_MIR) parm.mir_cuts = GLP_ON;
      if (options->cuts & CGLPK_CUT_GOMORY) parm.gmi_cuts = GLP_ON;
      if (options->cuts & CGLPK_CUT_COVER) parm.cov_cuts = GLP_ON;
      if (options->cuts & CGLPK_CUT_CLIQUE) parm.clq_cuts = GLP_ON;
      if (options->branching >= GLP_BR_FFV && options->branching <= GLP_BR_PCH) parm.br_tech = options->branching;
      if (options->backtracking >= GLP_BT_DFS && options->backtracking <= GLP_BT_BPH) {
        parm.bt_tech = options->backtracking;
      }
      parm.cb_func = watch_search;
      parm.cb_info = &watch;
      result->mip_ran = 1;
      int *row_stat = NULL, *col_stat = NULL;
      if (keep_basis) {
        /* Branch-and-cut leaves the basis of its last node; a session keeps
         * the relaxation's optimal one for its next solve. */
        row_stat = (int *)glp_alloc(rows + 1, sizeof(int));
        col_stat = (int *)glp_alloc(cols + 1, sizeof(int));
        for (int i = 1; i <= rows; i++) row_stat[i] = glp_get_row_stat(lp, i);
        for (int j = 1; j <= cols; j++) col_stat[j] = glp_get_col_stat(lp, j);
      }
      result->mip_return = glp_intopt(lp, &parm);
      if (watch.timed_out && result->mip_return == GLP_ESTOP) result->mip_return = GLP_ETMLIM;
      result->mip_status = glp_mip_status(lp);
      if (keep_basis) {
        for (int i = 1; i <= rows; i++) glp_set_row_stat(lp, i, row_stat[i]);
        for (int j = 1; j <= cols; j++) glp_set_col_stat(lp, j, col_stat[j]);
        glp_free(row_stat);
        glp_free(col_stat);
      }
      /* The last solution may have come after the last callback. */
      report_incumbent(&watch, lp);
      result->objective = glp_mip_obj_val(lp);
      if (result->col_value != NULL) {
        for (int j = 0; j < cols; j++) result->col_value[j] = glp_mip_col_val(lp, j + 1);
      }
    }
  } else if (interior) {
    result->objective = glp_ipt_obj_val(lp);
    for (int j = 0; j < cols; j++) {
      if (result->col_value != NULL) result->col_value[j] = glp_ipt_col_prim(lp, j + 1);
      if (result->col_dual != NULL) result->col_dual[j] = glp_ipt_col_dual(lp, j + 1);
    }
    if (result->row_dual != NULL) {
      for (int i = 0; i < rows; i++) result->row_dual[i] = glp_ipt_row_dual(lp, i + 1);
    }
  } else {
    result->objective = glp_get_obj_val(lp);
    for (int j = 0; j < cols; j++) {
      if (result->col_value != NULL) result->col_value[j] = glp_get_col_prim(lp, j + 1);
      if (result->col_dual != NULL) result->col_dual[j] = glp_get_col_dual(lp, j + 1);
    }
    if (result->row_dual != NULL) {
      for (int i = 0; i < rows; i++) result->row_dual[i] = glp_get_row_dual(lp, i + 1);
    }
  }
}

static int solve_guarded(const cglpk_problem *problem, const cglpk_options *options, cglpk_result *result) {
  /* The time limit counts from here: loading and scaling a large model are part of the solve. */
  double start = glp_time();
  glp_prob *lp = glp_create_prob();
  load(lp, problem);
  if (options->scaling != 0) glp_scale_prob(lp, options->scaling);
  solve_loaded(lp, options, start, 0, result);
  glp_delete_prob(lp);
  return CGLPK_OK;
}

int cglpk_solve(const cglpk_problem *problem, const cglpk_options *options, cglpk_result *result) {
  if (problem == NULL || options == NULL || result == NULL) return CGLPK_ERROR_ARGUMENT;
  if (problem->rows < 0 || problem->cols < 0 || problem->nonzeros < 0) return CGLPK_ERROR_ARGUMENT;
  result->message[0] = '\0';
  guard_state guard;
  install(&guard);
  if (setjmp(guard.jump) != 0) {
    /* GLPK's state is unusable after an error: free this thread's
     * environment, and with it every GLPK object of this thread. */
    free_env();
    copy_message(result->message, (int)sizeof result->message, guard.text);
    return CGLPK_ERROR_INTERNAL;
  }
  int code = solve_guarded(problem, options, result);
  uninstall();
  return code;
}

/* ---- Sessions ---- */

struct cglpk_session {
  glp_prob *lp;
  pthread_t thread;         /* the thread whose GLPK environment holds lp */
  unsigned long generation; /* env_generation of that thread when lp was made */
  int scaling;              /* the flags lp was last scaled with; -1 to scale again */
};

/* Runs `body` inside a guard; on a GLPK error the thread's environment (and
 * the session's problem with it) is freed. */
#define GUARDED(message, size, body)                          \
  do {                                                        \
    guard_state guard;                                        \
    install(&guard);                                          \
    if (setjmp(guard.jump) != 0) {                            \
      free_env();                                             \
      copy_message(message, size, guard.text);                \
      return CGLPK_ERROR_INTERNAL;                            \
    }                                                         \
    body;                                                     \
    uninstall();                                              \
  } while (0)

int cglpk_session_create(const cglpk_problem *problem, cglpk_session **session, char *message,
                         int message_size) {
  if (problem == NULL || session == NULL) return CGLPK_ERROR_ARGUMENT;
  if (problem->rows < 0 || problem->cols < 0 || problem->nonzeros < 0) return CGLPK_ERROR_ARGUMENT;
  cglpk_session *made = (cglpk_session *)calloc(1, sizeof *made);
  if (made == NULL) return CGLPK_ERROR_ARGUMENT;
  guard_state guard;
  install(&guard);
  if (setjmp(guard.jump) != 0) {
    free_env();
    free(made);
    copy_message(message, message_size, guard.text);
    return CGLPK_ERROR_INTERNAL;
  }
  made->lp = glp_create_prob();
  load(made->lp, problem);
  uninstall();
  made->thread = pthread_self();
  made->generation = env_generation;
  made->scaling = -1;
  *session = made;
  return CGLPK_OK;
}

int cglpk_session_usable(const cglpk_session *session) {
  return session != NULL && session->lp != NULL && pthread_equal(session->thread, pthread_self()) &&
         session->generation == env_generation;
}

void cglpk_session_destroy(cglpk_session *session) {
  if (session == NULL) return;
  /* Another thread's problem cannot be freed from here: it goes with that
   * thread's environment. */
  if (cglpk_session_usable(session)) glp_delete_prob(session->lp);
  free(session);
}

int cglpk_session_set_column(cglpk_session *session, int column, int type, double lower, double upper,
                             int kind, double objective) {
  if (!cglpk_session_usable(session)) return CGLPK_ERROR_ARGUMENT;
  if (column < 0 || column >= glp_get_num_cols(session->lp)) return CGLPK_ERROR_ARGUMENT;
  char message[1];
  GUARDED(message, 0, {
    glp_set_col_kind(session->lp, column + 1, kind);
    glp_set_col_bnds(session->lp, column + 1, type, lower, upper);
    glp_set_obj_coef(session->lp, column + 1, objective);
  });
  return CGLPK_OK;
}

int cglpk_session_set_row(cglpk_session *session, int row, int type, double lower, double upper) {
  if (!cglpk_session_usable(session)) return CGLPK_ERROR_ARGUMENT;
  if (row < 0 || row >= glp_get_num_rows(session->lp)) return CGLPK_ERROR_ARGUMENT;
  char message[1];
  GUARDED(message, 0, glp_set_row_bnds(session->lp, row + 1, type, lower, upper));
  return CGLPK_OK;
}

int cglpk_session_add_row(cglpk_session *session, int type, double lower, double upper, int count,
                          const int *columns, const double *values) {
  if (!cglpk_session_usable(session) || count < 0) return CGLPK_ERROR_ARGUMENT;
  char message[1];
  GUARDED(message, 0, {
    int row = glp_add_rows(session->lp, 1);
    glp_set_row_bnds(session->lp, row, type, lower, upper);
    if (count > 0) glp_set_mat_row(session->lp, row, count, columns, values);
  });
  /* Scaled again before the next solve, as a fresh load of the model would be. */
  session->scaling = -1;
  return CGLPK_OK;
}

int cglpk_session_solve(cglpk_session *session, const cglpk_options *options, cglpk_result *result) {
  if (!cglpk_session_usable(session) || options == NULL || result == NULL) return CGLPK_ERROR_ARGUMENT;
  result->message[0] = '\0';
  glp_prob *lp = session->lp;
  GUARDED(result->message, (int)sizeof result->message, {
    double start = glp_time();
    if (session->scaling != options->scaling) {
      if (options->scaling != 0) {
        glp_scale_prob(lp, options->scaling);
      } else {
        glp_unscale_prob(lp);
      }
      session->scaling = options->scaling;
    }
    solve_loaded(lp, options, start, 1, result);
  });
  return CGLPK_OK;
}

static int solve_file_guarded(const char *path, int format, int *status, double *objective) {
  glp_prob *lp = glp_create_prob();
  int failed = format == 0 ? glp_read_lp(lp, NULL, path) : glp_read_mps(lp, GLP_MPS_FILE, NULL, path);
  if (failed) {
    glp_delete_prob(lp);
    return CGLPK_ERROR_READ;
  }
  glp_smcp parm;
  glp_init_smcp(&parm);
  parm.msg_lev = GLP_MSG_OFF;
  glp_simplex(lp, &parm);
  *status = glp_get_status(lp);
  *objective = glp_get_obj_val(lp);
  if (glp_get_num_int(lp) > 0 && *status == GLP_OPT) {
    glp_iocp iparm;
    glp_init_iocp(&iparm);
    iparm.msg_lev = GLP_MSG_OFF;
    glp_intopt(lp, &iparm);
    *status = glp_mip_status(lp);
    *objective = glp_mip_obj_val(lp);
  }
  glp_delete_prob(lp);
  return CGLPK_OK;
}

int cglpk_solve_file(const char *path, int format, int *status, double *objective, char *message,
                     int message_size) {
  if (path == NULL || status == NULL || objective == NULL) return CGLPK_ERROR_ARGUMENT;
  if (format != 0 && format != 1) return CGLPK_ERROR_ARGUMENT;
  guard_state guard;
  install(&guard);
  if (setjmp(guard.jump) != 0) {
    free_env();
    copy_message(message, message_size, guard.text);
    return CGLPK_ERROR_INTERNAL;
  }
  int code = solve_file_guarded(path, format, status, objective);
  copy_message(message, message_size, guard.text);
  uninstall();
  return code;
}

static void misuse_glpk(void) {
  glp_prob *lp = glp_create_prob();
  glp_add_cols(lp, 1);
  /* Column 5 does not exist: GLPK reports an error and would abort. */
  glp_set_col_bnds(lp, 5, GLP_LO, 0.0, 0.0);
  glp_delete_prob(lp);
}

int cglpk_provoke_error(char *message, int message_size) {
  guard_state guard;
  install(&guard);
  if (setjmp(guard.jump) != 0) {
    free_env();
    copy_message(message, message_size, guard.text);
    return CGLPK_ERROR_INTERNAL;
  }
  misuse_glpk();
  uninstall();
  return CGLPK_OK;
}

void cglpk_release_thread(void) {
  /* glp_free_env returns 1 without doing anything when the thread has no environment. */
  free_env();
}

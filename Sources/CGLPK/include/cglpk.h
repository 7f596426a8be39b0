#ifndef CGLPK_H
#define CGLPK_H

/*
 * The C boundary between planner and GLPK.
 *
 * Every entry point runs GLPK inside a guard: an error hook installed with
 * glp_error_hook jumps back to the entry point with longjmp instead of letting
 * GLPK call abort(), the thread's GLPK environment is then freed with
 * glp_free_env (which releases every GLPK object of this thread), and the
 * entry point returns CGLPK_ERROR_INTERNAL with GLPK's message. A problem
 * object lives only inside one entry point call, except a session's, which
 * the shim checks before each use (cglpk_session_usable), so nothing can
 * refer to freed memory. GLPK's terminal output is always captured, never
 * printed.
 */

#include <glpk.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Outcome of an entry point call (not the solver's status). */
enum {
  CGLPK_OK = 0,
  /* GLPK raised an internal error; the thread's environment was freed. */
  CGLPK_ERROR_INTERNAL = 1,
  /* The arguments were rejected by the shim before reaching GLPK. */
  CGLPK_ERROR_ARGUMENT = 2,
  /* The file could not be read or parsed. */
  CGLPK_ERROR_READ = 3
};

/* The LP algorithm. */
enum { CGLPK_PRIMAL = 0, CGLPK_DUAL = 1, CGLPK_INTERIOR = 2 };

/* A problem in compressed form. Arrays are 0-based. */
typedef struct {
  int rows;
  int cols;
  /* Row bounds: type is GLP_FR, GLP_LO, GLP_UP, GLP_DB or GLP_FX. */
  const int *row_type;
  const double *row_lower;
  const double *row_upper;
  const int *col_type;
  const double *col_lower;
  const double *col_upper;
  /* GLP_CV, GLP_IV or GLP_BV per column. */
  const int *col_kind;
  const double *objective;
  double objective_constant;
  int maximize;
  /* Nonzeros as (row, col, value) triplets with 1-based row and column
   * numbers, as glp_load_matrix wants: each array has nonzeros + 1 elements
   * and element 0 is unused. */
  int nonzeros;
  const int *entry_row;
  const int *entry_col;
  const double *entry_value;
} cglpk_problem;

/* The cutting planes of cglpk_options.cuts (glp_iocp's mir_cuts, gmi_cuts,
 * cov_cuts and clq_cuts), combined with |. */
enum { CGLPK_CUT_MIR = 1, CGLPK_CUT_GOMORY = 2, CGLPK_CUT_COVER = 4, CGLPK_CUT_CLIQUE = 8 };

/* Asked before branch-and-cut and at every call of its callback; a nonzero
 * answer stops the search (glp_ios_terminate). It must not call GLPK and
 * must not jump out: it returns, and GLPK ends the search normally. */
typedef int (*cglpk_stop_query)(void);

/* Told each new best integer solution's objective value during
 * branch-and-cut, with the options' report_context; it runs on the solving
 * thread, must not call GLPK and must not jump out. */
typedef void (*cglpk_incumbent_report)(void *context, double objective);

typedef struct {
  int method;          /* CGLPK_PRIMAL, CGLPK_DUAL or CGLPK_INTERIOR */
  int presolve;        /* 0 or 1, LP presolver of glp_simplex */
  int scaling;         /* 0 for none, else flags for glp_scale_prob */
  double time_limit;   /* seconds; <= 0 for none */
  double mip_gap;      /* relative gap for glp_intopt */
  cglpk_stop_query should_stop; /* NULL for never */
  int cuts;            /* CGLPK_CUT_* flags: the cutting planes branch-and-cut adds; 0 for none */
  int node_limit;      /* most branch-and-bound nodes created; <= 0 for none */
  int branching;       /* GLP_BR_* for glp_intopt's br_tech; <= 0 for GLPK's default */
  int backtracking;    /* GLP_BT_* for glp_intopt's bt_tech; <= 0 for GLPK's default */
  int mip_presolve;    /* 0 or 1: glp_intopt's MIP presolver */
  cglpk_incumbent_report on_incumbent; /* NULL for none */
  void *report_context; /* passed to on_incumbent */
  /* A point to offer branch-and-cut as its first incumbent (glp_ios_heur_sol,
   * at the first GLP_IHEUR call), with 1-based values: element 0 unused. GLPK
   * does not check it: the caller passes only a point it checked feasible.
   * NULL for none. */
  const double *start;
} cglpk_options;

/* What GLPK said. Arrays are caller-allocated (cols, rows entries); they may
 * be NULL when the caller does not want them. */
typedef struct {
  int lp_return;       /* return code of glp_simplex or glp_interior */
  int lp_status;       /* glp_get_status / glp_ipt_status after the LP */
  int primal_status;   /* glp_get_prim_stat (simplex only) */
  int dual_status;     /* glp_get_dual_stat (simplex only) */
  int lp_reclassified; /* 1 when a second simplex run classified the LP */
  int mip_ran;         /* 1 when glp_intopt ran */
  int mip_return;      /* return code of glp_intopt */
  int mip_status;      /* glp_mip_status */
  double mip_gap;      /* last relative gap seen, or -1 if unknown */
  int has_mip_bound;   /* 1 when mip_bound holds a bound */
  double mip_bound;    /* local bound of the best active node, last seen */
  int stopped;         /* 1 when should_stop asked the search to end */
  int node_limit_hit;  /* 1 when the node limit ended the search */
  int start_accepted;  /* 1 when branch-and-cut took the options' start as its incumbent */
  double objective;
  double *col_value;
  double *col_dual;
  double *row_dual;
  char message[512];
} cglpk_result;

/* Builds the problem, solves it and fills the result, all inside a guard. */
int cglpk_solve(const cglpk_problem *problem, const cglpk_options *options, cglpk_result *result);

/* Reads a CPLEX LP (format 0) or free MPS (format 1) file and solves it as an
 * LP with the primal simplex method (or as a MIP when it has integer
 * columns), for checking exports. */
int cglpk_solve_file(const char *path, int format, int *status, double *objective,
                     char *message, int message_size);

/* Runs a deliberately wrong GLPK call (a column index out of range) inside
 * the guard, to show that an internal GLPK error returns instead of
 * aborting. Returns CGLPK_ERROR_INTERNAL and GLPK's message. */
int cglpk_provoke_error(char *message, int message_size);

/*
 * Sessions: a problem object kept across calls, changed in place and solved
 * again from its last basis. GLPK's objects belong to the thread that made
 * them: a session is usable only on the thread that created it, and only
 * while that thread's environment has not been freed since (by an error
 * inside any guarded call of the thread, or cglpk_release_thread).
 * Every call on a session that is not usable returns CGLPK_ERROR_ARGUMENT
 * without touching GLPK; the caller loads its model again.
 */
typedef struct cglpk_session cglpk_session;

/* Loads the problem into a new session (unscaled; cglpk_session_solve scales
 * it with the options' scaling). */
int cglpk_session_create(const cglpk_problem *problem, cglpk_session **session, char *message,
                         int message_size);

/* 1 when the session's problem exists and belongs to the calling thread. */
int cglpk_session_usable(const cglpk_session *session);

/* Frees the session, and its problem when it is usable (a problem of
 * another thread goes with that thread's environment). */
void cglpk_session_destroy(cglpk_session *session);

/* Sets a column's kind (GLP_CV, GLP_IV), bounds (type as in cglpk_problem)
 * and objective coefficient; column is 0-based. */
int cglpk_session_set_column(cglpk_session *session, int column, int type, double lower, double upper,
                             int kind, double objective);

/* Sets a row's bounds; row is 0-based. */
int cglpk_session_set_row(cglpk_session *session, int row, int type, double lower, double upper);

/* Adds a row with its bounds and `count` coefficients, 1-based as
 * glp_set_mat_row wants: columns[1...count] (1-based column numbers) and
 * values[1...count]; element 0 unused. */
int cglpk_session_add_row(cglpk_session *session, int type, double lower, double upper, int count,
                          const int *columns, const double *values);

/* Solves the session's problem as cglpk_solve solves a fresh one, starting
 * the simplex method from the problem's current basis, and keeps the LP
 * relaxation's basis after branch-and-cut. On CGLPK_ERROR_INTERNAL the
 * session is no longer usable. */
int cglpk_session_solve(cglpk_session *session, const cglpk_options *options, cglpk_result *result);

/* Frees the calling thread's GLPK environment (glp_free_env), if it has one,
 * and with it every GLPK object of the thread; for a thread about to end,
 * which would otherwise leave its environment allocated. */
void cglpk_release_thread(void);

#ifdef __cplusplus
}
#endif

#endif

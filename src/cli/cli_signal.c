/*
 * Interrupt-safe runs (issue 20; README "Run control"; DESIGN.md section 8's
 * exit statuses 130 and 143).
 *
 * The first SIGINT or SIGTERM only sets a flag; the timing model asks for it
 * before every core cycle (gs_sim_set_stop_poll) and the functional executor
 * every 4096 warp instructions, so the run stops cleanly there and the
 * statistics gathered so far are printed with partial = 1. A second signal
 * ends the process at once (_Exit, which a handler may call) with the same
 * status. The library knows no signals: it asks a poll function.
 *
 * sigaction, not C99's signal(): under -std=c99 glibc's signal() has System V
 * semantics (the handler is reset to the default on delivery and the signal
 * is not blocked while it runs), so a second signal in that window would
 * kill the process instead of reaching the handler.
 */
#define _POSIX_C_SOURCE 200809L   /* sigaction: the CLI only */

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

static volatile sig_atomic_t caught;   /* the first signal's number, 0 before */

static void on_signal(int signal_number)
{
    if (caught)
        _Exit(128 + signal_number);
    caught = signal_number;
}

void gs_cli_signals_install(void)
{
    static int installed;
    struct sigaction action;
    if (installed)
        return;
    installed = 1;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;   /* no SA_RESETHAND: it stays; the signal is blocked
                                      * while it runs, so a second one waits for it */
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
}

int gs_cli_stop_poll(void *context)
{
    (void)context;
    return caught != 0;
}

int gs_cli_interrupted_status(void)
{
    return caught ? 128 + (int)caught : 0;
}

const char *gs_cli_interrupted_by(void)
{
    return caught == SIGINT ? "SIGINT" : caught == SIGTERM ? "SIGTERM" : "a signal";
}

void gs_cli_note_interrupted(const gs_diag *diag)
{
    gs_cli_progress_clear();
    fprintf(stderr, "gpusim: %s by %s: the statistics so far follow, partial = 1\n",
            diag->message, gs_cli_interrupted_by());
}

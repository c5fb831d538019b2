/*
 * gpusim(1): the man page, printed by `gpusim --man` from the same text and
 * option table as `gpusim --help` (issue 21, packaging), so the two never
 * differ. `make man` writes build/gpusim.1 with it; `make install` installs
 * it; tests/test_install.py checks that it renders and names every option
 * --help names.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

/* Text for troff: a backslash as \e, every '-' as \- (a minus, so option
 * names copy and search as typed), a line that would start with a control
 * character ('.' or '\'') guarded by \&, and a break point (\:) after each
 * ',' and '|' so long lists of values wrap. */
typedef struct troff_state {
    int line_start;
} troff_state;

static void troff_write(void *context, const char *text, size_t length)
{
    troff_state *t = (troff_state *)context;
    size_t i;
    for (i = 0; i < length; i++) {
        char c = text[i];
        if (t->line_start && (c == '.' || c == '\''))
            fputs("\\&", stdout);
        if (c == '\\')
            fputs("\\e", stdout);
        else if (c == '-')
            fputs("\\-", stdout);
        else if (c == ',' || c == '|')
            printf("%c\\:", c);
        else
            putchar(c);
        t->line_start = c == '\n';
    }
}

static const char *const exit_statuses[] = {
    "0", "success, including a run stopped by a GPGPU-Sim cap (capped = 1)",
    "1", "a check found a difference (--check, study --check), or a study has missing results",
    "2", "bad input: configuration, PTX, trace, workload, study file or command line (one line "
         "file:line:col: error: message); also a kernel's own fault",
    "3", "the watchdog ended a run that made no progress",
    "4", "the safety limit per launch (-gs_launch_inst_limit) ended a runaway kernel",
    "130, 143", "interrupted by SIGINT or SIGTERM; the statistics so far were printed, marked "
                "partial = 1",
};

int gs_cli_man(void)
{
    troff_state state = { 1 };
    gs_sink text = { troff_write, NULL };
    uint32_t i;
    text.context = &state;
    printf(".TH GPUSIM 1 \"\" \"gpusim %s\" \"User Commands\"\n", GS_VERSION_STRING);
    printf(".SH NAME\ngpusim \\- deterministic whole-GPU timing simulator\n");
    printf(".SH SYNOPSIS\n.nf\n");
    gs_cli_print_flags(&text);
    printf(".fi\n.SH DESCRIPTION\n");
    gs_sink_puts(&text, "gpusim runs GPU workloads (PTX with a workload file, or Accel-Sim "
                 "traces) on a cycle-level model of the SIMT cores, caches, interconnect and "
                 "DRAM, with the same statistics bytes and digest on every host. Configurations "
                 "use GPGPU-Sim's option syntax: the options below go in a config file or on "
                 "the command line. The README that comes with gpusim documents each part.\n");
    printf(".SH OPTIONS\n");
    for (i = 0; i < gs_option_count; i++) {
        const gs_option *opt = &gs_options[i];
        if (i == 0 || opt->modelled != gs_options[i - 1u].modelled)
            printf(".SS %s\n", opt->modelled ? "Configuration options"
                                             : "Accepted but not modelled (a note names each one used)");
        printf(".TP\n.B ");
        gs_sink_printf(&text, "-%s", opt->name);
        printf("\n.I <");
        gs_config_print_value_type(&text, opt);
        printf(">\n");
        gs_sink_puts(&text, opt->help);
        if (opt->default_text[0])
            gs_sink_printf(&text, " (default %s)", opt->default_text);
        printf("\n");
    }
    printf(".SH EXIT STATUS\n");
    for (i = 0; i + 1u < sizeof exit_statuses / sizeof exit_statuses[0]; i += 2u) {
        printf(".TP\n.B ");
        gs_sink_printf(&text, "%s\n", exit_statuses[i]);
        gs_sink_printf(&text, "%s\n", exit_statuses[i + 1u]);
    }
    printf(".SH SEE ALSO\nThe README of the gpusim sources: studies, reports, traces, the "
           "decisions on each specification's ambiguities.\n");
    return 0;
}

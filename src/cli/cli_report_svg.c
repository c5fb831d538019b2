/*
 * The report's figures as inline SVG (cli_report.h; README "Reports"):
 *   - a study: per metric, grouped bars of each workload's value per
 *     configuration normalised to the baseline, then the mean bars (hmean,
 *     gmean, amean over all workloads and per class), a line at 1; per
 *     derived metric, one bar per workload and its means;
 *   - a single run (its -gs_sample_cycles samples): IPC, active warps,
 *     L1D and L2 miss rates, L1D reservation fails per kilo-cycle by reason,
 *     DRAM bandwidth utilisation over time, and a heat map of each SM's IPC.
 * Colours: the Okabe-Ito palette for series (told apart with colour-vision
 * deficiencies), a hatch on bars past the eighth configuration, and a
 * viridis-like sequential scale (dark blue to yellow, monotone in lightness)
 * for the heat map. All arithmetic is integer: values are fixed point
 * (GS_STUDY_SCALE), coordinates tenths of a pixel; a text's width is
 * estimated at 6.2 px a character of the 11 px font.
 */
#include <string.h>

#include "cli/cli_report.h"

#define SCALE GS_STUDY_SCALE
#define CHAR_W10 62u           /* tenths of a pixel per character, 11 px sans-serif */
#define N_COLOURS 8u

static const char *const colour[N_COLOURS] = {
    "#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"
};

/* ---- numbers and text ---- */

/* Tenths of a pixel as "12.3" ("12" for whole pixels). */
static void px(FILE *f, uint64_t v10)
{
    if (v10 % 10u)
        fprintf(f, "%llu.%u", (unsigned long long)(v10 / 10u), (unsigned)(v10 % 10u));
    else
        fprintf(f, "%llu", (unsigned long long)(v10 / 10u));
}

/* v * span / max, exact for max < 2^40 and span < 2^24, else on shifted
 * operands (deterministic either way); v > max gives span. */
static uint64_t scale_to(uint64_t v, uint64_t max, uint64_t span)
{
    if (max == 0 || v >= max)
        return max == 0 ? 0 : span;
    while (max >= ((uint64_t)1 << 40)) {
        max >>= 1;
        v >>= 1;
    }
    return (v * span + max / 2u) / max;
}

/* a * SCALE / b rounded half up (b > 0), saturating at 2^63. */
static uint64_t fixed_ratio(uint64_t a, uint64_t b)
{
    uint64_t q = a / b;
    if (q >= UINT64_MAX / SCALE / 2u)
        return UINT64_MAX / 2u;
    return q * SCALE + scale_to(a % b, b, SCALE);
}

void gs_rep_escape(FILE *f, const char *t)
{
    for (; *t; t++) {
        if (*t == '&')
            fputs("&amp;", f);
        else if (*t == '<')
            fputs("&lt;", f);
        else if (*t == '>')
            fputs("&gt;", f);
        else if (*t == '"')
            fputs("&quot;", f);
        else
            fputc(*t, f);
    }
}

static void fixed(FILE *f, uint64_t v, unsigned decimals)
{
    char text[32];
    gs_study_fixed_text(v, decimals, text, sizeof text);
    fputs(text, f);
}

/* The smallest step in {1, 2, 5} x 10^k with at most max_ticks steps to cover max. */
static uint64_t nice_step(uint64_t max, uint64_t max_ticks)
{
    static const uint64_t mult[3] = { 1u, 2u, 5u };
    uint64_t mag = 1;
    unsigned i;
    for (;;) {
        for (i = 0; i < 3u; i++) {
            uint64_t s = mult[i] * mag;
            if (max / s + (max % s != 0) <= max_ticks)
                return s;
        }
        if (mag > UINT64_MAX / 100u)
            return mag * 10u;
        mag *= 10u;
    }
}

/* v rounded up to a multiple of step, or v itself where that would overflow. */
static uint64_t round_up(uint64_t v, uint64_t step)
{
    uint64_t q = v / step + (v % step != 0);
    return q > UINT64_MAX / step ? v : q * step;
}

/* Decimals a fixed-point step needs. */
static unsigned step_decimals(uint64_t step)
{
    unsigned d = 0;
    uint64_t unit = SCALE;
    while (d < 6u && step % unit != 0) {
        unit /= 10u;
        d++;
    }
    return d;
}

/* ---- the frame shared by every chart ---- */

typedef struct frame {
    uint64_t left, top, width, height;   /* the plot area, tenths of a pixel */
    uint64_t svg_w, svg_h;               /* tenths */
    uint64_t ymax, ystep;                /* fixed point, or plain counts when !fixed */
    int yfixed;
    uint32_t id;                         /* the figure number (unique ids) */
} frame;

static void svg_open(FILE *f, const frame *fr, const char *title)
{
    fputs("<figure>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"", f);
    px(f, fr->svg_w);
    fputs("\" height=\"", f);
    px(f, fr->svg_h);
    fputs("\" viewBox=\"0 0 ", f);
    px(f, fr->svg_w);
    fputc(' ', f);
    px(f, fr->svg_h);
    fputs("\" font-family=\"sans-serif\" font-size=\"11\" role=\"img\" aria-label=\"", f);
    gs_rep_escape(f, title);
    fputs("\">\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n", f);
    fprintf(f, "<defs><pattern id=\"hatch%u\" width=\"6\" height=\"6\" "
            "patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
            "<rect width=\"2\" height=\"6\" fill=\"#ffffff\" fill-opacity=\"0.6\"/>"
            "</pattern></defs>\n", (unsigned)fr->id);
    fputs("<text x=\"10\" y=\"18\" font-size=\"14\" font-weight=\"bold\">", f);
    gs_rep_escape(f, title);
    fputs("</text>\n", f);
}

static void svg_close(FILE *f, const char *caption)
{
    fputs("</svg>\n<figcaption>", f);
    gs_rep_escape(f, caption);
    fputs("</figcaption>\n</figure>\n", f);
}

static void text_at(FILE *f, uint64_t x10, uint64_t y10, const char *anchor, const char *text)
{
    fputs("<text x=\"", f);
    px(f, x10);
    fputs("\" y=\"", f);
    px(f, y10);
    fprintf(f, "\" text-anchor=\"%s\">", anchor);
    gs_rep_escape(f, text);
    fputs("</text>\n", f);
}

static void hline(FILE *f, uint64_t x0, uint64_t x1, uint64_t y, const char *style)
{
    fputs("<line x1=\"", f);
    px(f, x0);
    fputs("\" y1=\"", f);
    px(f, y);
    fputs("\" x2=\"", f);
    px(f, x1);
    fputs("\" y2=\"", f);
    px(f, y);
    fprintf(f, "\" %s/>\n", style);
}

/* `<rect x=".." y=".." width=".." height=".."` (tenths), left open for the fill. */
static void rect_open(FILE *f, uint64_t x, uint64_t y, uint64_t w, uint64_t h)
{
    fputs("<rect x=\"", f);
    px(f, x);
    fputs("\" y=\"", f);
    px(f, y);
    fputs("\" width=\"", f);
    px(f, w);
    fputs("\" height=\"", f);
    px(f, h);
    fputc('"', f);
}

static uint64_t y_of(const frame *fr, uint64_t v)
{
    return fr->top + fr->height - scale_to(v, fr->ymax, fr->height);
}

/* The y axis: grid lines, tick labels and the axis title. */
static void y_axis(FILE *f, const frame *fr, const char *label)
{
    uint64_t v;
    unsigned decimals = fr->yfixed ? step_decimals(fr->ystep) : 0u;
    for (v = 0; v <= fr->ymax; v += fr->ystep) {
        uint64_t y = y_of(fr, v);
        char text[32];
        hline(f, fr->left, fr->left + fr->width, y,
              v == 0 ? "stroke=\"#333333\"" : "stroke=\"#dddddd\"");
        if (fr->yfixed)
            gs_study_fixed_text(v, decimals, text, sizeof text);
        else
            snprintf(text, sizeof text, "%llu", (unsigned long long)v);
        text_at(f, fr->left - 60u, y + 35u, "end", text);
        if (fr->ymax - v < fr->ystep)
            break;
    }
    fputs("<text transform=\"translate(14,", f);
    px(f, fr->top + fr->height / 2u);
    fputs(") rotate(-90)\" text-anchor=\"middle\">", f);
    gs_rep_escape(f, label);
    fputs("</text>\n", f);
}

/* Legend entries in rows from (x, y), wrapping at the frame's width;
 * returns the height used (tenths). */
static uint64_t legend(FILE *f, const frame *fr, uint64_t x0, uint64_t y0,
                       const char *const *names, uint32_t n, int lines, int draw)
{
    uint64_t x = x0, y = y0, rows = 1;
    uint32_t i;
    for (i = 0; i < n; i++) {
        uint64_t w = 180u + CHAR_W10 * (uint64_t)strlen(names[i]) + 160u;
        if (x > x0 && x + w > fr->svg_w - 100u) {
            x = x0;
            y += 180u;
            rows++;
        }
        if (draw) {
            if (lines) {
                fputs("<line x1=\"", f);
                px(f, x);
                fputs("\" y1=\"", f);
                px(f, y - 40u);
                fputs("\" x2=\"", f);
                px(f, x + 140u);
                fputs("\" y2=\"", f);
                px(f, y - 40u);
                fprintf(f, "\" stroke=\"%s\" stroke-width=\"2.5\"/>\n", colour[i % N_COLOURS]);
            } else {
                rect_open(f, x, y - 100u, 120u, 120u);
                fprintf(f, " fill=\"%s\"/>\n", colour[i % N_COLOURS]);
                if (i >= N_COLOURS) {
                    rect_open(f, x, y - 100u, 120u, 120u);
                    fprintf(f, " fill=\"url(#hatch%u)\"/>\n", (unsigned)fr->id);
                }
            }
            text_at(f, x + 180u, y, "start", names[i]);
        }
        x += w;
    }
    return rows * 180u;
}

/* ---- study figures: grouped bars ---- */

typedef struct bar_group {
    char label[GS_REP_LABEL_MAX];
    const gs_rep_cell *cells;     /* [n_bars] */
    int is_mean;
} bar_group;

/* Every group label's length, for the bottom margin. */
static uint64_t longest_label(const bar_group *g, uint32_t n)
{
    uint64_t longest = 0;
    uint32_t i;
    for (i = 0; i < n; i++)
        if (strlen(g[i].label) > longest)
            longest = strlen(g[i].label);
    return longest;
}

static void bar_chart(FILE *f, uint32_t id, const char *title, const char *ylabel,
                      const char *caption, const char *const *bar_names, uint32_t n_bars,
                      const bar_group *groups, uint32_t n_groups, int one_line)
{
    frame fr;
    uint64_t bar_w, gap = 100u, group_w, drawn_w, vmax = 0, label_h, legend_h, x;
    uint32_t g, b;
    memset(&fr, 0, sizeof fr);
    fr.id = id;
    fr.yfixed = 1;
    for (g = 0; g < n_groups; g++)
        for (b = 0; b < n_bars; b++)
            if (groups[g].cells[b].state == GS_REP_VALUE && groups[g].cells[b].norm > vmax)
                vmax = groups[g].cells[b].norm;
    if (one_line && vmax < SCALE)
        vmax = SCALE;
    if (vmax == 0)
        vmax = SCALE;
    fr.ystep = nice_step(vmax, 6u);
    fr.ymax = round_up(vmax, fr.ystep);
    /* bars: 12 px, widened to fill 560 px, narrowed to fit 1800 px (1 px at least) */
    bar_w = 120u;
    if ((uint64_t)n_groups * (n_bars * bar_w + gap) < 5600u)
        bar_w = (5600u / n_groups - gap) / n_bars;
    if (bar_w > 400u)
        bar_w = 400u;
    if ((uint64_t)n_groups * (n_bars * bar_w + gap) > 18000u)
        bar_w = (18000u / n_groups > gap + n_bars * 10u) ? (18000u / n_groups - gap) / n_bars
                                                         : 10u;
    group_w = n_bars * bar_w + gap;
    drawn_w = bar_w >= 40u ? bar_w - 10u : bar_w;   /* a 1 px gap between wide bars */
    fr.left = 700u;
    fr.width = n_groups * group_w;
    fr.svg_w = fr.left + fr.width + 200u;
    if (fr.svg_w < 6400u)
        fr.svg_w = 6400u;
    legend_h = legend(f, &fr, fr.left, 0, bar_names, n_bars, 0, 0);
    fr.top = 300u + legend_h + 100u;
    fr.height = 2600u;
    label_h = longest_label(groups, n_groups) * CHAR_W10 * 71u / 100u + 200u;
    if (label_h > 2200u)
        label_h = 2200u;
    fr.svg_h = fr.top + fr.height + label_h;
    svg_open(f, &fr, title);
    legend(f, &fr, fr.left, 420u, bar_names, n_bars, 0, 1);
    y_axis(f, &fr, ylabel);
    for (g = 0; g < n_groups; g++) {
        uint64_t gx = fr.left + g * group_w + gap / 2u;
        if (groups[g].is_mean && (g == 0 || !groups[g - 1u].is_mean)) {
            fputs("<line x1=\"", f);
            px(f, gx - gap / 2u);
            fputs("\" y1=\"", f);
            px(f, fr.top);
            fputs("\" x2=\"", f);
            px(f, gx - gap / 2u);
            fputs("\" y2=\"", f);
            px(f, fr.top + fr.height);
            fputs("\" stroke=\"#888888\" stroke-dasharray=\"4 3\"/>\n", f);
        }
        for (b = 0; b < n_bars; b++) {
            const gs_rep_cell *c = &groups[g].cells[b];
            uint64_t bx = gx + b * bar_w, top;
            if (c->state != GS_REP_VALUE) {
                if (c->state == GS_REP_NA) {   /* upright text would cover the next bars */
                    fputs("<text transform=\"translate(", f);
                    px(f, bx + bar_w / 2u + 30u);
                    fputc(',', f);
                    px(f, fr.top + fr.height - 40u);
                    fputs(") rotate(-90)\" font-size=\"9\">n/a</text>\n", f);
                }
                continue;
            }
            top = y_of(&fr, c->norm);
            rect_open(f, bx, top, drawn_w, fr.top + fr.height - top);
            fprintf(f, " fill=\"%s\"><title>", colour[b % N_COLOURS]);
            gs_rep_escape(f, groups[g].label);
            fputs(" / ", f);
            gs_rep_escape(f, bar_names[b]);
            fputs(": ", f);
            fixed(f, c->norm, 6u);
            if (c->raw_state == GS_REP_VALUE) {
                fputs(" (value ", f);
                fixed(f, c->raw, 6u);
                fputc(')', f);
            }
            fputs("</title></rect>\n", f);
            if (b >= N_COLOURS) {
                rect_open(f, bx, top, drawn_w, fr.top + fr.height - top);
                fprintf(f, " fill=\"url(#hatch%u)\"/>\n", (unsigned)id);
            }
        }
        x = gx + (n_bars * bar_w) / 2u;
        fputs("<text transform=\"translate(", f);
        px(f, x + 30u);
        fputc(',', f);
        px(f, fr.top + fr.height + 140u);
        fputs(") rotate(-45)\" text-anchor=\"end\"", f);
        fputs(groups[g].is_mean ? " font-weight=\"bold\">" : ">", f);
        gs_rep_escape(f, groups[g].label);
        fputs("</text>\n", f);
    }
    if (one_line)
        hline(f, fr.left, fr.left + fr.width, y_of(&fr, SCALE),
              "stroke=\"#333333\" stroke-dasharray=\"6 3\"");
    svg_close(f, caption);
}

static const char *const mean_name[GS_REP_MEAN_KINDS] = { "hmean", "gmean", "amean" };

/* The groups of one metric (m < n_metrics) or derived metric: workloads, then means. */
static uint32_t study_groups(const gs_rep_study *s, uint32_t m, int derived, bar_group *out,
                             gs_rep_cell (*single)[1])
{
    uint32_t n = 0, w, k, c;
    for (w = 0; w < s->n_workloads; w++) {
        const gs_rep_cell *cells = derived ? &s->dvalue[m][w] : s->job[m][w];
        if (derived)
            single[n][0] = *cells;
        out[n].cells = derived ? single[n] : cells;
        out[n].is_mean = 0;
        sprintf(out[n].label, "%.*s", (int)(GS_REP_LABEL_MAX - 1u), s->workloads[w]);
        n++;
    }
    for (k = 0; k < GS_REP_MEAN_KINDS; k++) {
        if (!s->kinds_present[k])
            continue;
        for (c = 0; c < s->n_classes; c++) {
            const gs_rep_cell *cells = derived ? &s->dmean[k][m][c] : s->mean[k][m][c];
            uint32_t b, any = 0;
            for (b = 0; b < (derived ? 1u : s->n_configs); b++)
                any |= cells[b].state != GS_REP_ABSENT;
            if (!any)
                continue;
            out[n].cells = cells;
            out[n].is_mean = 1;
            if (c == 0)
                sprintf(out[n].label, "%s", mean_name[k]);
            else
                sprintf(out[n].label, "%s %.*s", mean_name[k], (int)(GS_REP_NAME_MAX - 1u),
                        s->classes[c]);
            n++;
        }
    }
    return n;
}

/* The sweeps' winners (best rows) as a table under the figures. */
static void best_table(FILE *f, const gs_rep_study *s)
{
    uint32_t i;
    if (s->n_best == 0)
        return;
    fputs("<table class=\"best\">\n<tr><th>best</th><th>workload</th><th>configuration</th>"
          "<th>value</th></tr>\n", f);
    for (i = 0; i < s->n_best; i++) {
        fputs("<tr><td>", f);
        gs_rep_escape(f, s->best[i].name);
        fputs("</td><td>", f);
        gs_rep_escape(f, s->workloads[s->best[i].workload]);
        fputs("</td><td>", f);
        gs_rep_escape(f, s->best[i].config[0] ? s->best[i].config : "n/a");
        fputs("</td><td>", f);
        if (s->best[i].value.state == GS_REP_VALUE)
            fixed(f, s->best[i].value.norm, 6);
        else
            fputs("n/a", f);
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n", f);
}

/* "NAME = DEFINITION", or NAME when the definition is unknown (a CSV input). */
static void def_title(char *out, size_t capacity, const char *name, const char *def)
{
    if (def[0])
        snprintf(out, capacity, "%s = %s", name, def);
    else
        snprintf(out, capacity, "%s", name);
}

void gs_rep_study_figures(FILE *f, const gs_rep_study *s, uint32_t *figure)
{
    static bar_group groups[GS_STUDY_MAX_WORKLOADS + GS_REP_MEAN_KINDS * GS_REP_MAX_CLASSES];
    static gs_rep_cell single[GS_STUDY_MAX_WORKLOADS][1];
    const char *names[GS_STUDY_MAX_CONFIGS];
    static const char *const one_name[1] = { "value" };
    char title[2u * GS_REP_LABEL_MAX], ylabel[GS_REP_LABEL_MAX], caption[4u * GS_REP_LABEL_MAX];
    uint32_t m, c, n;
    for (c = 0; c < s->n_configs; c++)
        names[c] = s->configs[c];
    for (m = 0; m < s->n_metrics; m++) {
        n = study_groups(s, m, 0, groups, single);
        def_title(title, sizeof title, s->metrics[m], s->metric_def[m]);
        if (s->baseline[0])
            snprintf(ylabel, sizeof ylabel, "%s, normalised to %s", s->metrics[m], s->baseline);
        else
            snprintf(ylabel, sizeof ylabel, "%s, normalised", s->metrics[m]);
        snprintf(caption, sizeof caption, "Figure %u. %s: %s, per workload and "
                 "configuration; after the dashed line the means over all workloads and per "
                 "class (hmean, gmean, amean as the study asks).", (unsigned)++*figure,
                 s->title, ylabel);
        bar_chart(f, *figure, title, ylabel, caption, names, s->n_configs, groups, n, 1);
    }
    for (m = 0; m < s->n_derived; m++) {
        n = study_groups(s, m, 1, groups, single);
        def_title(title, sizeof title, s->derived[m], s->derived_def[m]);
        snprintf(caption, sizeof caption, "Figure %u. %s: %s per workload, then its means.",
                (unsigned)++*figure, s->title, s->derived[m]);
        bar_chart(f, *figure, title, s->derived[m], caption, one_name, 1u, groups, n, 1);
    }
    best_table(f, s);
}

/* ---- single-run figures: lines over time and the per-SM heat map ---- */

typedef struct series {
    const char *name;
    uint64_t *value;     /* [rows] fixed point */
    uint8_t *valid;      /* [rows] 0: undefined over the period (a gap) */
} series;

/* The x axis (core cycles) under a frame. */
static void x_axis(FILE *f, const frame *fr, uint64_t xmax)
{
    uint64_t step = nice_step(xmax ? xmax : 1u, 8u), v;
    for (v = 0; v <= xmax; v += step) {
        uint64_t x = fr->left + scale_to(v, xmax, fr->width);
        char text[32];
        snprintf(text, sizeof text, "%llu", (unsigned long long)v);
        fputs("<line x1=\"", f);
        px(f, x);
        fputs("\" y1=\"", f);
        px(f, fr->top + fr->height);
        fputs("\" x2=\"", f);
        px(f, x);
        fputs("\" y2=\"", f);
        px(f, fr->top + fr->height + 50u);
        fputs("\" stroke=\"#333333\"/>\n", f);
        text_at(f, x, fr->top + fr->height + 170u, "middle", text);
        if (xmax - v < step)
            break;
    }
    text_at(f, fr->left + fr->width / 2u, fr->top + fr->height + 340u, "middle", "core cycle");
}

static void line_chart(FILE *f, const gs_rep_samples *s, uint32_t id, const char *title,
                       const char *ylabel, const char *caption, const series *ser, uint32_t n,
                       uint64_t floor_max, uint64_t min_step, int steps)
{
    frame fr;
    const char *names[8];
    uint64_t vmax = floor_max, xmax = s->rows ? s->end[s->rows - 1u] : 1u, legend_h;
    uint32_t i, r;
    memset(&fr, 0, sizeof fr);
    fr.id = id;
    fr.yfixed = 1;
    for (i = 0; i < n; i++) {
        names[i] = ser[i].name;
        for (r = 0; r < s->rows; r++)
            if (ser[i].valid[r] && ser[i].value[r] > vmax)
                vmax = ser[i].value[r];
    }
    if (vmax == 0)
        vmax = SCALE;
    fr.ystep = nice_step(vmax, 5u);
    if (fr.ystep < min_step)
        fr.ystep = min_step;
    fr.ymax = round_up(vmax, fr.ystep);
    fr.left = 700u;
    fr.width = 7200u;
    fr.svg_w = fr.left + fr.width + 300u;
    legend_h = n > 1u ? legend(f, &fr, fr.left, 0, names, n, 1, 0) : 0u;
    fr.top = 300u + legend_h + 100u;
    fr.height = 2000u;
    fr.svg_h = fr.top + fr.height + 420u;
    svg_open(f, &fr, title);
    if (n > 1u)
        legend(f, &fr, fr.left, 420u, names, n, 1, 1);
    y_axis(f, &fr, ylabel);
    x_axis(f, &fr, xmax);
    for (i = 0; i < n; i++) {
        int pen = 0;
        fputs("<path fill=\"none\" stroke-width=\"1.5\" stroke-linejoin=\"round\" d=\"", f);
        for (r = 0; r < s->rows; r++) {
            uint64_t y;
            if (!ser[i].valid[r]) {
                pen = 0;
                continue;
            }
            y = y_of(&fr, ser[i].value[r]);
            if (steps) {   /* the period's value held over the period */
                fputc(pen ? 'L' : 'M', f);
                px(f, fr.left + scale_to(s->start[r], xmax, fr.width));
                fputc(' ', f);
                px(f, y);
                fputc('L', f);
            } else
                fputc(pen ? 'L' : 'M', f);
            px(f, fr.left + scale_to(s->end[r], xmax, fr.width));
            fputc(' ', f);
            px(f, y);
            pen = 1;
        }
        fprintf(f, "\" stroke=\"%s\"/>\n", colour[i % N_COLOURS]);
    }
    svg_close(f, caption);
}

/* A viridis-like sequential scale: level 0..255 -> RGB between anchors. */
static void heat_colour(uint32_t level, char *out)
{
    static const uint8_t anchor[5][3] = {
        { 0x44, 0x01, 0x54 }, { 0x3b, 0x52, 0x8b }, { 0x21, 0x91, 0x8c },
        { 0x5e, 0xc9, 0x62 }, { 0xfd, 0xe7, 0x25 }
    };
    uint32_t seg = level >= 255u ? 3u : level * 4u / 255u, k, rgb[3];
    uint32_t from = seg * 255u / 4u, to = (seg + 1u) * 255u / 4u;
    for (k = 0; k < 3u; k++)
        rgb[k] = (anchor[seg][k] * (to - level) + anchor[seg + 1u][k] * (level - from) +
                  (to - from) / 2u) / (to - from);
    sprintf(out, "#%02x%02x%02x", (unsigned)rgb[0], (unsigned)rgb[1], (unsigned)rgb[2]);
}

#define HEAT_LEVELS 64u
#define HEAT_BINS 240u

static void heat_map(FILE *f, const gs_rep_samples *s, uint32_t id, const char *caption)
{
    frame fr;
    uint64_t xmax = s->end[s->rows - 1u], vmax = 0, row_h, cell_v;
    uint32_t bins = s->rows < HEAT_BINS ? s->rows : HEAT_BINS, sm, b, k, label_every;
    char hex[8], text[64];
    memset(&fr, 0, sizeof fr);
    fr.id = id;
    /* each SM's IPC per bin (bin b: rows [b R / bins, (b+1) R / bins)) */
    for (sm = 0; sm < s->n_sms; sm++)
        for (b = 0; b < bins; b++) {
            uint32_t r0 = (uint32_t)((uint64_t)b * s->rows / bins);
            uint32_t r1 = (uint32_t)((uint64_t)(b + 1u) * s->rows / bins), r;
            uint64_t insts = 0;
            for (r = r0; r < r1; r++)
                insts += s->cell[(size_t)r * s->cols + GS_SAMPLE_PER_SM + sm];
            cell_v = fixed_ratio(insts, s->end[r1 - 1u] - s->start[r0]);
            if (cell_v > vmax)
                vmax = cell_v;
        }
    if (vmax == 0)
        vmax = SCALE;
    row_h = 2400u / s->n_sms;
    if (row_h > 140u)
        row_h = 140u;
    if (row_h < 20u)
        row_h = 20u;
    fr.left = 700u;
    fr.width = 7200u;
    fr.top = 420u;
    fr.height = row_h * s->n_sms;
    fr.svg_w = fr.left + fr.width + 300u;
    fr.svg_h = fr.top + fr.height + 420u + 500u;
    svg_open(f, &fr, "IPC per SM over time (thread instructions per cycle)");
    label_every = (uint32_t)((100u + row_h - 1u) / row_h);
    for (sm = 0; sm < s->n_sms; sm++) {
        uint64_t y = fr.top + sm * row_h;
        uint32_t run_start = 0, run_level = 0;
        for (b = 0; b <= bins; b++) {
            uint32_t level = 0;
            if (b < bins) {
                uint32_t r0 = (uint32_t)((uint64_t)b * s->rows / bins);
                uint32_t r1 = (uint32_t)((uint64_t)(b + 1u) * s->rows / bins), r;
                uint64_t insts = 0;
                for (r = r0; r < r1; r++)
                    insts += s->cell[(size_t)r * s->cols + GS_SAMPLE_PER_SM + sm];
                cell_v = fixed_ratio(insts, s->end[r1 - 1u] - s->start[r0]);
                level = (uint32_t)scale_to(cell_v, vmax, HEAT_LEVELS - 1u);
            }
            if (b > 0 && (b == bins || level != run_level)) {   /* draw the run */
                uint32_t r0 = (uint32_t)((uint64_t)run_start * s->rows / bins);
                uint32_t r1 = (uint32_t)((uint64_t)b * s->rows / bins);
                uint64_t x0 = fr.left + scale_to(s->start[r0], xmax, fr.width);
                uint64_t x1 = fr.left + scale_to(s->end[r1 - 1u], xmax, fr.width);
                heat_colour(run_level * 255u / (HEAT_LEVELS - 1u), hex);
                rect_open(f, x0, y, x1 > x0 ? x1 - x0 : 1u, row_h);
                fprintf(f, " fill=\"%s\"/>\n", hex);
                run_start = b;
            }
            if (b == 0 || level != run_level)
                run_level = level;
        }
        if (sm % label_every == 0) {
            snprintf(text, sizeof text, "SM %u", (unsigned)sm);
            text_at(f, fr.left - 60u, y + row_h / 2u + 35u, "end", text);
        }
    }
    x_axis(f, &fr, xmax);
    /* the colour scale */
    for (k = 0; k < HEAT_LEVELS; k++) {
        heat_colour(k * 255u / (HEAT_LEVELS - 1u), hex);
        rect_open(f, fr.left + k * 40u, fr.svg_h - 380u, 40u, 120u);
        fprintf(f, " fill=\"%s\"/>\n", hex);
    }
    text_at(f, fr.left, fr.svg_h - 110u, "start", "0");
    gs_study_fixed_text(vmax, 2u, text, sizeof text);
    text_at(f, fr.left + HEAT_LEVELS * 40u, fr.svg_h - 110u, "end", text);
    text_at(f, fr.left + HEAT_LEVELS * 40u + 120u, fr.svg_h - 280u, "start",
            "IPC of one SM in a period (thread instructions per cycle)");
    svg_close(f, caption);
}

/* The value of a/b in fixed point times `mult` (1 or 100 for percent, 1000
 * per kilo); valid when b > 0. */
static void ratio_series(const gs_rep_samples *s, series *out, int num_col, int den_col,
                         uint64_t mult)
{
    uint32_t r;
    for (r = 0; r < s->rows; r++) {
        const uint64_t *row = s->cell + (size_t)r * s->cols;
        uint64_t num = row[num_col], den = den_col < 0 ? s->end[r] - s->start[r] : row[den_col];
        out->valid[r] = den > 0;
        if (num > UINT64_MAX / mult)
            num = UINT64_MAX / mult;   /* saturate: beyond any real count */
        out->value[r] = den > 0 ? fixed_ratio(num * mult, den) : 0u;
    }
}

/* GREEN's per-region hit rates at one level (seed-003 Fig. 54): one line per
 * region id with lookups, the first 8 of them. */
static void green_figure(FILE *f, const gs_rep_samples *s, uint32_t *figure, series *ser,
                         uint32_t level)
{
    char caption[4u * GS_REP_LABEL_MAX], title[64];
    static char names[GS_REP_GREEN_REGIONS][16];
    uint32_t r, n = 0, shown = 0, row;
    for (r = 0; r < GS_REP_GREEN_REGIONS; r++) {
        uint32_t lookups = s->green + r * GS_REP_GREEN_WORDS + 2u * level;
        uint64_t any = 0;
        for (row = 0; row < s->rows; row++)
            any |= s->cell[(size_t)row * s->cols + lookups];
        if (!any)
            continue;
        shown++;
        if (n == 8u)
            continue;
        snprintf(names[r], sizeof names[r], "region %u", (unsigned)r);
        ser[n].name = names[r];
        ratio_series(s, &ser[n], (int)lookups + 1, (int)lookups, 100u);
        n++;
    }
    if (n == 0)
        return;
    snprintf(title, sizeof title, "%s hit rate per region over time", level ? "L2" : "L1D");
    snprintf(caption, sizeof caption,
             "Figure %u. %s: hits per lookup (percent) of each memory region at the %s in "
             "each period (GREEN's green_r<N>_%s columns; seed-003 Fig. 54)%s. A region is "
             "the running kernel's N-th memory object; a lookup RAC bypassed is not made; "
             "a gap is a period without lookups.", (unsigned)++*figure, s->title,
             level ? "L2" : "L1D", level ? "l2_*" : "l1_*",
             shown > n ? "; the first 8 regions with lookups" : "");
    line_chart(f, s, *figure, title, "hit rate (%)", caption, ser, n, 100u * SCALE, 0u, 1);
}

void gs_rep_sample_figures(FILE *f, const gs_rep_samples *s, uint32_t *figure)
{
    static uint64_t value[8][1u << 16];
    static uint8_t valid[8][1u << 16];
    series ser[8];
    char caption[4u * GS_REP_LABEL_MAX];
    uint64_t mem = 0;
    uint32_t r, i;
    static const char *const fail_name[4] = {
        "line allocation (every way reserved)", "miss queue full", "MSHR entries full",
        "MSHR merge slots full"
    };
    if (s->rows == 0)
        return;
    for (i = 0; i < 8u; i++) {
        ser[i].value = value[i];
        ser[i].valid = valid[i];
    }
    for (r = 0; r < s->rows; r++) {
        const uint64_t *row = s->cell + (size_t)r * s->cols;
        mem |= row[GS_SAMPLE_L1D_ACCESSES] | row[GS_SAMPLE_L2_ACCESSES] | row[GS_SAMPLE_DRAM_SLOTS];
    }
    ser[0].name = "IPC";
    ratio_series(s, &ser[0], GS_SAMPLE_THREAD_INSTS, -1, 1u);
    snprintf(caption, sizeof caption,
             "Figure %u. %s: committed thread instructions per core cycle in each "
            "sampling period (gpu_ipc over the period).", (unsigned)++*figure, s->title);
    line_chart(f, s, *figure, "IPC over time", "IPC (thread instructions / cycle)", caption,
               ser, 1u, 0u, 0u, 1);
    ser[0].name = "active warps";
    for (r = 0; r < s->rows; r++) {
        value[0][r] = s->cell[(size_t)r * s->cols + GS_SAMPLE_ACTIVE_WARPS];
        valid[0][r] = 1;
    }
    snprintf(caption, sizeof caption,
             "Figure %u. %s: warps resident on all SMs at the end of each sampling "
            "period.", (unsigned)++*figure, s->title);
    {
        /* counts, not fixed point: draw them as fixed point values of count x SCALE */
        for (r = 0; r < s->rows; r++)   /* saturate: no machine holds 2^44 warps */
            value[0][r] = value[0][r] > UINT64_MAX / SCALE / 2u ? UINT64_MAX / 2u
                                                                  : value[0][r] * SCALE;
        line_chart(f, s, *figure, "Active warps over time", "resident warps", caption, ser,
                   1u, 0u, SCALE, 0);
    }
    if (!mem) {
        fputs("<p>This run has no memory-system counters (-gpgpu_perfect_mem 1): no miss-rate, "
              "reservation-fail or DRAM figures.</p>\n", f);
    } else {
        ser[0].name = "L1D";
        ratio_series(s, &ser[0], GS_SAMPLE_L1D_MISSES, GS_SAMPLE_L1D_ACCESSES, 100u);
        ser[1].name = "L2";
        ratio_series(s, &ser[1], GS_SAMPLE_L2_MISSES, GS_SAMPLE_L2_ACCESSES, 100u);
        snprintf(caption, sizeof caption,
                 "Figure %u. %s: misses per request (percent) of the L1D caches and "
                "the L2 slices in each period; a gap is a period without requests.",
                (unsigned)++*figure, s->title);
        line_chart(f, s, *figure, "L1D and L2 miss rate over time", "miss rate (%)", caption,
                   ser, 2u, 100u * SCALE, 0u, 1);
        for (i = 0; i < 4u; i++) {
            ser[i].name = fail_name[i];
            ratio_series(s, &ser[i], GS_SAMPLE_L1D_FAIL_FIRST + (int)i, -1, 1000u);
        }
        snprintf(caption, sizeof caption,
                 "Figure %u. %s: L1D reservation fails per 1000 core cycles in each "
                "period, by reason (the L1D_cache_fail_* counters).", (unsigned)++*figure,
                s->title);
        line_chart(f, s, *figure, "L1D reservation fails per kilo-cycle by reason",
                   "fails per 1000 cycles", caption, ser, 4u, 0u, 0u, 1);
        ser[0].name = "DRAM";
        ratio_series(s, &ser[0], GS_SAMPLE_DRAM_BUSY, GS_SAMPLE_DRAM_SLOTS, 100u);
        snprintf(caption, sizeof caption,
                 "Figure %u. %s: DRAM data-bus cycles carrying data over DRAM cycles "
                "times channels in each period (dram_bw_util over the period).",
                (unsigned)++*figure, s->title);
        line_chart(f, s, *figure, "DRAM bandwidth utilisation over time", "utilisation (%)",
                   caption, ser, 1u, 100u * SCALE, 0u, 1);
    }
    snprintf(caption, sizeof caption,
             "Figure %u. %s: each SM's committed thread instructions per core cycle, "
            "periods merged into at most %u columns.", (unsigned)++*figure, s->title,
            (unsigned)HEAT_BINS);
    heat_map(f, s, *figure, caption);
    if (s->green) {
        green_figure(f, s, figure, ser, 0u);
        green_figure(f, s, figure, ser, 1u);
    }
}

/* ---- CIAO's interference matrix (seed-001 Fig. 4a) ---- */

void gs_rep_matrix_figure(FILE *f, const gs_rep_matrix *m, uint32_t *figure)
{
    frame fr;
    uint64_t vmax = 0, cell = 0;
    uint32_t v, e, k;
    char hex[8], text[64], caption[2u * GS_REP_LABEL_MAX];
    for (v = 0; v < m->n; v++)
        for (e = 0; e < m->n; e++)
            vmax = m->cell[v][e] > vmax ? m->cell[v][e] : vmax;
    memset(&fr, 0, sizeof fr);
    fr.id = ++*figure;
    cell = 4800u / m->n;            /* square cells, the matrix at most 480 px */
    if (cell > 200u)
        cell = 200u;
    fr.left = 900u;
    fr.top = 420u;
    fr.width = fr.height = cell * m->n;
    fr.svg_w = fr.left + fr.width + 1600u;   /* room for the scale's label */
    fr.svg_h = fr.top + fr.height + 1000u;
    svg_open(f, &fr, "Interference matrix: VTA hits per victim and evicting warp slot");
    rect_open(f, fr.left, fr.top, fr.width, fr.height);
    fputs(" fill=\"#f4f4f4\" stroke=\"#999999\"/>\n", f);
    for (v = 0; v < m->n; v++)      /* only the non-zero cells: a pair that never interfered */
        for (e = 0; e < m->n; e++) {   /* stays background */
            if (m->cell[v][e] == 0)
                continue;
            heat_colour((uint32_t)(m->cell[v][e] * 255u / vmax), hex);
            rect_open(f, fr.left + e * cell, fr.top + v * cell, cell, cell);
            fprintf(f, " fill=\"%s\"><title>victim w%u, evicted by w%u: %llu</title></rect>\n",
                    hex, (unsigned)v, (unsigned)e, (unsigned long long)m->cell[v][e]);
        }
    for (k = 0; k < m->n; k += 8u) {
        snprintf(text, sizeof text, "w%u", (unsigned)k);
        text_at(f, fr.left - 60u, fr.top + k * cell + cell / 2u + 35u, "end", text);
        text_at(f, fr.left + k * cell + cell / 2u, fr.top + fr.height + 140u, "middle", text);
    }
    text_at(f, fr.left + fr.width / 2u, fr.top + fr.height + 320u, "middle",
            "evicting warp slot (the interferer)");
    text_at(f, fr.left, fr.top - 120u, "start", "victim warp slot (rows)");
    for (k = 0; k < HEAT_LEVELS; k++) {
        heat_colour(k * 255u / (HEAT_LEVELS - 1u), hex);
        rect_open(f, fr.left + k * 40u, fr.svg_h - 380u, 40u, 120u);
        fprintf(f, " fill=\"%s\"/>\n", hex);
    }
    text_at(f, fr.left, fr.svg_h - 110u, "start", "1");
    snprintf(text, sizeof text, "%llu", (unsigned long long)vmax);
    text_at(f, fr.left + HEAT_LEVELS * 40u, fr.svg_h - 110u, "end", text);
    text_at(f, fr.left + HEAT_LEVELS * 40u + 120u, fr.svg_h - 280u, "start",
            "VTA hits of the pair over the run, summed over the SMs");
    snprintf(caption, sizeof caption, "Figure %u. %s: CIAO's interference matrix "
             "(-gs_ciao_matrix 1): %u warp slots, %u pairs that interfered, at most %llu "
             "VTA hits for one pair.", (unsigned)fr.id, m->title, (unsigned)m->n,
             (unsigned)m->nonzero, (unsigned long long)vmax);
    svg_close(f, caption);
}

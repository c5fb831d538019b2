/*
 * Fuzz the BookSim .icnt parser (gs_config_parse_icnt) on top of the gtx480
 * defaults, then the whole-configuration checks.
 */
#include "fuzz_common.h"
#include "base/config.h"

static const gs_status allowed[] = { GS_E_CONFIG, GS_E_LIMIT, GS_OK };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static gs_config cfg;
    gs_diag diag;
    gs_status st;
    gs_config_defaults(&cfg);
    st = gs_config_parse_icnt(&cfg, "fuzz.icnt", (const char *)data, size, &diag);
    if (st == GS_OK)
        st = gs_config_finish(&cfg, &diag);
    if (st != GS_OK)
        fuzz_check_refusal(st, &diag, allowed);
    return 0;
}

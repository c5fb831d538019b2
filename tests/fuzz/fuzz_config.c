/*
 * Fuzz the GPGPU-Sim configuration parser and the whole-configuration
 * checks (gs_config_parse, gs_config_finish). An accepted configuration is
 * dumped, parsed back and dumped again: the two dumps must be identical
 * (config.h: "loads back identically").
 */
#include "fuzz_common.h"
#include "base/config.h"

typedef struct text_buffer {
    char *text;
    size_t used, capacity;
} text_buffer;

static void buffer_write(void *context, const char *text, size_t length)
{
    text_buffer *b = (text_buffer *)context;
    if (b->used + length + 1u > b->capacity) {
        b->capacity = (b->used + length + 1u) * 2u;
        b->text = (char *)realloc(b->text, b->capacity);
        if (!b->text)
            abort();
    }
    memcpy(b->text + b->used, text, length);
    b->used += length;
    b->text[b->used] = '\0';
}

static const gs_status allowed[] = { GS_E_CONFIG, GS_E_LIMIT, GS_OK };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static gs_config cfg, again;
    text_buffer first = { NULL, 0, 0 }, second = { NULL, 0, 0 };
    gs_sink sink;
    gs_diag diag;
    gs_status st;
    gs_config_defaults(&cfg);
    st = gs_config_parse(&cfg, "fuzz.cfg", (const char *)data, size, &diag);
    if (st == GS_OK)
        st = gs_config_finish(&cfg, &diag);
    if (st != GS_OK) {
        fuzz_check_refusal(st, &diag, allowed);
        return 0;
    }
    sink.write = buffer_write;
    sink.context = &first;
    gs_config_dump(&cfg, &sink);
    gs_config_defaults(&again);
    st = gs_config_parse(&again, "dump.cfg", first.text ? first.text : "", first.used, &diag);
    if (st == GS_OK)
        st = gs_config_finish(&again, &diag);
    if (st != GS_OK)
        fuzz_fail("the dump of an accepted configuration does not load", &diag);
    sink.context = &second;
    gs_config_dump(&again, &sink);
    if (first.used != second.used || (first.used && memcmp(first.text, second.text, first.used)))
        fuzz_fail("the dump does not load back identically", &diag);
    free(first.text);
    free(second.text);
    return 0;
}

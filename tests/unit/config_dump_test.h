/*
 * A configuration's --dump-config text captured in memory, for tests that
 * compare two configurations by their dumps (gs_config_dump through a sink).
 */
#ifndef GS_TEST_CONFIG_DUMP_TEST_H
#define GS_TEST_CONFIG_DUMP_TEST_H

#include <string.h>

#include "base/config.h"
#include "base/fmt.h"

typedef struct text_buffer {
    char text[16384];
    size_t length;
} text_buffer;

static void append(void *context, const char *text, size_t length)
{
    text_buffer *b = (text_buffer *)context;
    if (b->length + length < sizeof b->text) {
        memcpy(b->text + b->length, text, length);
        b->length += length;
        b->text[b->length] = '\0';
    }
}

/* The dump of c into b (truncated at the buffer's size). */
static void dump(const gs_config *c, text_buffer *b)
{
    gs_sink sink;
    b->length = 0;
    b->text[0] = '\0';
    sink.write = append;
    sink.context = b;
    gs_config_dump(c, &sink);
}

#endif

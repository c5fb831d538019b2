/*
 * Folders the CLI writes into (study result folders, --dump-buffers): mkdir
 * -p on the host's file system. POSIX, so the CLI only; the library never
 * touches files.
 */
#define _POSIX_C_SOURCE 200809L   /* mkdir, stat: the CLI only */

#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"

#define FILES_PATH_MAX 4096u

/* An existing folder is fine: checked with stat, not errno (a -m32 build on
 * a 64-bit Debian host has no asm/errno.h). */
int gs_cli_make_dirs(const char *dir, const char *context)
{
    char path[FILES_PATH_MAX];
    struct stat st;
    size_t i;
    if (dir[0] == '\0')
        return gs_cli_usage_error("%sa folder name is empty", context);
    if (strlen(dir) + 1u > sizeof path)
        return gs_cli_usage_error("%scannot create folder %s: the path is too long", context,
                                  dir);
    gs_str_copy(path, sizeof path, dir);
    for (i = 1; ; i++) {
        char c = path[i];
        if (c != '/' && c != '\0')
            continue;
        path[i] = '\0';
        if (mkdir(path, 0777) != 0 && (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)))
            return gs_cli_usage_error("%scannot create folder %s", context, path);
        path[i] = c;
        if (c == '\0')
            return 0;
    }
}

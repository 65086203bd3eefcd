/* pdml.h: reading tshark's PDML output (tshark -T pdml) line by line, for the tests that check
 * our captures with Wireshark's dissectors (test_wireshark.c, test_capture.c). A PDML field is
 * one line: <field name="tcp.len" ... show="1448" ... pos="54" .../>. */
#ifndef PDML_H
#define PDML_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Value of attribute key (e.g. " show=") in a PDML line, quotes stripped; 0 if absent. */
static CHECK_UNUSED int pdml_attr(const char *line, const char *key, char *out, size_t cap)
{
    const char *p = strstr(line, key), *q;
    size_t n;
    if (!p) return 0;
    p += strlen(key);
    if (*p != '"') return 0;
    p++;
    q = strchr(p, '"');
    if (!q) return 0;
    n = (size_t)(q - p);
    if (n >= cap) n = cap - 1;
    memcpy(out, p, n);
    out[n] = 0;
    return 1;
}

/* The number in attribute key (decimal or 0x hex), or missing when the line has none. */
static CHECK_UNUSED unsigned long long pdml_num(const char *line, const char *key,
                                                    unsigned long long missing)
{
    char v[64];
    if (!pdml_attr(line, key, v, sizeof v)) return missing;
    return strtoull(v, NULL, 0);
}

/* Whether the line is the field called name. */
static CHECK_UNUSED int pdml_field_is(const char *line, const char *name)
{
    char want[96];
    snprintf(want, sizeof want, "<field name=\"%s\"", name);
    return strstr(line, want) != NULL;
}

/* Whether tshark runs here (asked once); if not, says so on stderr with what cannot be checked
 * (why: "" or ": ... cannot be checked"). */
static CHECK_UNUSED int pdml_tshark_ok(const char *why)
{
    static int known = -1;
    if (known < 0) {
        FILE *p = popen("tshark -v 2>/dev/null", "r");
        char line[256];
        known = 0;
        if (p) {
            while (fgets(line, sizeof line, p))
                if (strncmp(line, "TShark", 6) == 0) known = 1;
            if (pclose(p) != 0) known = 0;
        }
    }
    if (!known) fprintf(stderr, "  tshark not installed or not runnable%s (apt-get install tshark)\n", why);
    return known;
}
#endif

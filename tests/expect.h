/* tests/expect.h: loads the expectation files tests/vectors/<capture>.expect (hosted C99, test
 * only). They are written by tests/vectors/gen_expect.sh from tshark's decoding of the captures;
 * that script describes the format. One record per line, '#' starts a comment:
 *
 *   tuple conn C cli=A.B.C.D:PORT srv=A.B.C.D:PORT
 *   bytes conn C dir D len=N
 *   seg conn C dir D off=O len=N frame=F
 *   conn C dir D req|rep off=O flags=0xFF rev=R pdlen=N pd=HEX|-
 *   conn C dir D fpdu off=O ulpdu_len=L ddp_ctrl=0xFF rdmap_ctrl=0xFF crc=8HEX crc_status=S
 *                frame=F src=tshark|walk
 *   count conn C dir D fpdus=N good=G
 *
 *   static expect_item e[512];
 *   int n = expect_load("tests/vectors/siw_rping_crc.expect", e, 512);
 *   for (i = 0; i < n; i++) if (strcmp(e[i].kind, "fpdu") == 0) ... e[i].off, e[i].ulpdu_len ...
 *
 * expect_parse_line() parses one line (the tests of the reader use it). Unknown keys, bad numbers
 * and missing fields are errors (the line is reported on stderr), so the file and this reader
 * cannot drift apart silently. */
#ifndef TESTS_EXPECT_H
#define TESTS_EXPECT_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
#define EXPECT__FN static __attribute__((unused))
#else
#define EXPECT__FN static
#endif

#define EXPECT_CRC_NONE 0      /* CRC not negotiated: tshark shows the raw field (zero) */
#define EXPECT_CRC_GOOD 1      /* tshark: "Good CRC32" */
#define EXPECT_CRC_BAD 2       /* tshark: "Bad CRC32" */
#define EXPECT_CRC_UNKNOWN 3   /* src=walk: not checked by tshark */

#define EXPECT_PD_MAX 512

typedef struct expect_item {
    char kind[8];           /* "tuple", "bytes", "seg", "req", "rep", "fpdu", "count" */
    int conn, dir;          /* dir is -1 for "tuple" */
    int line;               /* line number in the file */
    size_t off;             /* seg, req, rep, fpdu: offset in the direction's stream */
    size_t len;             /* bytes: stream length; seg: segment payload length */
    unsigned long frame;    /* seg, fpdu: tshark frame number */
    /* req, rep */
    unsigned flags, rev, pdlen;
    uint8_t pd[EXPECT_PD_MAX];
    /* fpdu */
    unsigned ulpdu_len, ddp_ctrl, rdmap_ctrl;
    uint8_t crc[4];         /* the 4 CRC octets in wire order */
    int crc_status;         /* EXPECT_CRC_* */
    int crc_good;           /* crc_status == EXPECT_CRC_GOOD */
    int walked;             /* 1: src=walk (tshark did not decode it) */
    /* count */
    size_t fpdus, good;
    /* tuple */
    uint32_t cli_ip, srv_ip;    /* host order */
    uint16_t cli_port, srv_port;
} expect_item;

/* Loads path into out[0..cap-1]. Returns the number of records in the file (more than cap when
 * out was too small: only cap are stored), -1 if the file cannot be read or a line is malformed. */
EXPECT__FN int expect_load(const char *path, expect_item *out, int cap);
/* Parses one line (a record, a comment or blank) into *it. Returns 1 for a record, 0 for a
 * comment or blank line, -1 if malformed. */
EXPECT__FN int expect_parse_line(const char *line, expect_item *it);
/* First record of that kind for conn/dir (dir -1 matches any), or NULL. */
EXPECT__FN const expect_item *expect_find(const expect_item *e, int n, const char *kind, int conn,
                                          int dir);
/* Number of records of that kind for conn/dir (conn or dir -1 match any). */
EXPECT__FN int expect_count(const expect_item *e, int n, const char *kind, int conn, int dir);

/* ---- implementation ---- */

static int expect__num(const char *v, unsigned long long max, unsigned long long *r)
{
    char *end;
    if (*v == '\0' || *v == '-' || *v == '+') return -1;
    *r = strtoull(v, &end, 0);
    return *end == '\0' && *r <= max ? 0 : -1;
}

static int expect__hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Hex string to octets; *n receives the count. */
static int expect__hex(const char *v, uint8_t *b, size_t max, size_t *n)
{
    size_t i = 0;
    while (v[0] != '\0') {
        int h = expect__hexval(v[0]), l;
        if (h < 0 || v[1] == '\0' || (l = expect__hexval(v[1])) < 0 || i == max) return -1;
        b[i++] = (uint8_t)(h << 4 | l);
        v += 2;
    }
    *n = i;
    return 0;
}

/* "A.B.C.D:PORT" */
static int expect__addr(const char *v, uint32_t *ip, uint16_t *port)
{
    unsigned long a[5];
    int i;
    char *end;
    for (i = 0; i < 5; i++) {
        if (*v < '0' || *v > '9') return -1;
        a[i] = strtoul(v, &end, 10);
        if (a[i] > (i < 4 ? 255ul : 65535ul)) return -1;
        if (*end != (i < 3 ? '.' : i == 3 ? ':' : '\0')) return -1;
        v = end + (i < 4);
    }
    *ip = (uint32_t)(a[0] << 24 | a[1] << 16 | a[2] << 8 | a[3]);
    *port = (uint16_t)a[4];
    return 0;
}

/* Parses one record from the tokens tok[0..nt-1]. */
static int expect__record(char **tok, int nt, expect_item *it)
{
    int i, first;
    unsigned long long v;
    unsigned have = 0;   /* bit per key seen */
    unsigned need;
    memset(it, 0, sizeof *it);
    it->dir = -1;
    if (nt >= 5 && strcmp(tok[0], "conn") == 0 && strcmp(tok[2], "dir") == 0) {
        /* conn C dir D KIND key=value... */
        if (strlen(tok[4]) >= sizeof it->kind) return -1;
        strcpy(it->kind, tok[4]);
        if (expect__num(tok[1], 1000000, &v) != 0) return -1;
        it->conn = (int)v;
        if (expect__num(tok[3], 1, &v) != 0) return -1;
        it->dir = (int)v;
        first = 5;
    } else if (nt >= 3 && strcmp(tok[1], "conn") == 0) {
        /* KIND conn C [dir D] key=value... */
        if (strlen(tok[0]) >= sizeof it->kind) return -1;
        strcpy(it->kind, tok[0]);
        if (expect__num(tok[2], 1000000, &v) != 0) return -1;
        it->conn = (int)v;
        first = 3;
        if (nt >= 5 && strcmp(tok[3], "dir") == 0) {
            if (expect__num(tok[4], 1, &v) != 0) return -1;
            it->dir = (int)v;
            first = 5;
        }
    } else {
        return -1;
    }
    for (i = first; i < nt; i++) {
        char *k = tok[i], *val = strchr(tok[i], '=');
        size_t n;
        if (val == NULL) return -1;
        *val++ = '\0';
#define EXPECT__KEY(name, bit) (strcmp(k, name) == 0 && !(have & (bit)) && (have |= (bit)) != 0)
        if (EXPECT__KEY("off", 1u << 0)) {
            if (expect__num(val, (size_t)-1, &v) != 0) return -1;
            it->off = (size_t)v;
        } else if (EXPECT__KEY("len", 1u << 1)) {
            if (expect__num(val, (size_t)-1, &v) != 0) return -1;
            it->len = (size_t)v;
        } else if (EXPECT__KEY("frame", 1u << 2)) {
            if (expect__num(val, 0xffffffffu, &v) != 0) return -1;
            it->frame = (unsigned long)v;
        } else if (EXPECT__KEY("flags", 1u << 3)) {
            if (expect__num(val, 0xff, &v) != 0) return -1;
            it->flags = (unsigned)v;
        } else if (EXPECT__KEY("rev", 1u << 4)) {
            if (expect__num(val, 0xff, &v) != 0) return -1;
            it->rev = (unsigned)v;
        } else if (EXPECT__KEY("pdlen", 1u << 5)) {
            if (expect__num(val, 0xffff, &v) != 0) return -1;
            it->pdlen = (unsigned)v;
        } else if (EXPECT__KEY("pd", 1u << 6)) {
            if (strcmp(val, "-") == 0) n = 0;
            else if (expect__hex(val, it->pd, sizeof it->pd, &n) != 0 || n == 0) return -1;
            if (!(have & (1u << 5)) || n != it->pdlen) return -1;   /* pdlen comes first */
        } else if (EXPECT__KEY("ulpdu_len", 1u << 7)) {
            if (expect__num(val, 0xffff, &v) != 0) return -1;
            it->ulpdu_len = (unsigned)v;
        } else if (EXPECT__KEY("ddp_ctrl", 1u << 8)) {
            if (expect__num(val, 0xff, &v) != 0) return -1;
            it->ddp_ctrl = (unsigned)v;
        } else if (EXPECT__KEY("rdmap_ctrl", 1u << 9)) {
            if (expect__num(val, 0xff, &v) != 0) return -1;
            it->rdmap_ctrl = (unsigned)v;
        } else if (EXPECT__KEY("crc", 1u << 10)) {
            if (expect__hex(val, it->crc, 4, &n) != 0 || n != 4) return -1;
        } else if (EXPECT__KEY("crc_status", 1u << 11)) {
            if (strcmp(val, "none") == 0) it->crc_status = EXPECT_CRC_NONE;
            else if (strcmp(val, "good") == 0) it->crc_status = EXPECT_CRC_GOOD;
            else if (strcmp(val, "bad") == 0) it->crc_status = EXPECT_CRC_BAD;
            else if (strcmp(val, "unknown") == 0) it->crc_status = EXPECT_CRC_UNKNOWN;
            else return -1;
            it->crc_good = it->crc_status == EXPECT_CRC_GOOD;
        } else if (EXPECT__KEY("src", 1u << 12)) {
            if (strcmp(val, "walk") == 0) it->walked = 1;
            else if (strcmp(val, "tshark") != 0) return -1;
        } else if (EXPECT__KEY("fpdus", 1u << 13)) {
            if (expect__num(val, (size_t)-1, &v) != 0) return -1;
            it->fpdus = (size_t)v;
        } else if (EXPECT__KEY("good", 1u << 14)) {
            if (expect__num(val, (size_t)-1, &v) != 0) return -1;
            it->good = (size_t)v;
        } else if (EXPECT__KEY("cli", 1u << 15)) {
            if (expect__addr(val, &it->cli_ip, &it->cli_port) != 0) return -1;
        } else if (EXPECT__KEY("srv", 1u << 16)) {
            if (expect__addr(val, &it->srv_ip, &it->srv_port) != 0) return -1;
        } else {
            return -1;                                       /* unknown or repeated key */
        }
#undef EXPECT__KEY
    }
    /* The keys each kind must carry (and the dir it must or must not have). */
    if (strcmp(it->kind, "tuple") == 0) need = 1u << 15 | 1u << 16;
    else if (strcmp(it->kind, "bytes") == 0) need = 1u << 1;
    else if (strcmp(it->kind, "seg") == 0) need = 1u << 0 | 1u << 1 | 1u << 2;
    else if (strcmp(it->kind, "req") == 0 || strcmp(it->kind, "rep") == 0)
        need = 1u << 0 | 1u << 3 | 1u << 4 | 1u << 5 | 1u << 6;
    else if (strcmp(it->kind, "fpdu") == 0)
        need = 1u << 0 | 1u << 2 | 1u << 7 | 1u << 8 | 1u << 9 | 1u << 10 | 1u << 11 | 1u << 12;
    else if (strcmp(it->kind, "count") == 0) need = 1u << 13 | 1u << 14;
    else return -1;
    if (have != need) return -1;
    if ((strcmp(it->kind, "tuple") == 0) != (it->dir < 0)) return -1;
    return 0;
}

EXPECT__FN int expect_parse_line(const char *line, expect_item *it)
{
    char buf[4096], *tok[32], *p = buf;
    int nt = 0;
    size_t n = strlen(line);
    if (n >= sizeof buf) return -1;
    memcpy(buf, line, n + 1);
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') *p++ = '\0';
        if (*p == '\0' || *p == '#') { *p = '\0'; break; }
        if (nt == 32) return -1;
        tok[nt++] = p;
        while (*p != '\0' && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n') p++;
    }
    if (nt == 0) return 0;
    return expect__record(tok, nt, it) == 0 ? 1 : -1;
}

EXPECT__FN int expect_load(const char *path, expect_item *out, int cap)
{
    FILE *f = fopen(path, "r");
    char line[4096];
    int n = 0, ln = 0, r;
    expect_item it;
    if (f == NULL) { fprintf(stderr, "expect_load: cannot open %s\n", path); return -1; }
    while (fgets(line, sizeof line, f) != NULL) {
        ln++;
        if (strchr(line, '\n') == NULL && !feof(f)) goto bad;   /* line too long */
        r = expect_parse_line(line, &it);
        if (r < 0) goto bad;
        if (r == 0) continue;
        it.line = ln;
        if (n < cap) out[n] = it;
        n++;
    }
    fclose(f);
    return n;
bad:
    fprintf(stderr, "expect_load: %s:%d: malformed line\n", path, ln);
    fclose(f);
    return -1;
}

EXPECT__FN const expect_item *expect_find(const expect_item *e, int n, const char *kind, int conn,
                                          int dir)
{
    int i;
    for (i = 0; i < n; i++)
        if (strcmp(e[i].kind, kind) == 0 && e[i].conn == conn && (dir < 0 || e[i].dir == dir))
            return &e[i];
    return NULL;
}

EXPECT__FN int expect_count(const expect_item *e, int n, const char *kind, int conn, int dir)
{
    int i, c = 0;
    for (i = 0; i < n; i++)
        if (strcmp(e[i].kind, kind) == 0 && (conn < 0 || e[i].conn == conn)
            && (dir < 0 || e[i].dir == dir))
            c++;
    return c;
}
#endif

/* SPDX-License-Identifier: MIT */
/* tools/cli.h: the command-line conventions shared by demo, iwperf, iwrping and iwdump (hosted
 * C99 + POSIX getaddrinfo; every function static, header-only, no state but the program name).
 *
 *   - options are parsed with getopt_long by each program; --help prints every flag, its
 *     default and range, examples and the exit codes on stdout and exits 0; --version prints
 *     "NAME VERSION" and exits 0;
 *   - a bad value is refused on stderr with the flag, the value and the valid range, e.g.
 *       iwperf: -n 'abc': not a number (valid: 1..4294967295)
 *       iwperf: -t 65: out of range (valid: 1..64)
 *     and the program exits with CLI_EXIT_USAGE (2);
 *   - host names are resolved with getaddrinfo (names, IPv4 and IPv6 literals); cli_resolve
 *     gives the numeric text of the first address, which the POSIX host binding (iw_posix.h,
 *     IPv4 and IPv6) takes, or says clearly why there is none.
 */
#ifndef IW_TOOLS_CLI_H
#define IW_TOOLS_CLI_H
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#define CLI_VERSION IWARP_VERSION_STRING /* crc32c.h: the version of the headers (make install, iwarp.pc) */
#define CLI_EXIT_USAGE 2

#if defined(__GNUC__) || defined(__clang__)
#define CLI__UNUSED __attribute__((unused))
#define CLI__FMT(a, b) __attribute__((format(printf, a, b)))
#else
#define CLI__UNUSED
#define CLI__FMT(a, b)
#endif

static const char *cli_prog = "tool";

/* getopt_long's table rows, with designated initializers. */
#define CLI_OPT(n, a, v) {.name = (n), .has_arg = (a), .flag = NULL, .val = (v)}
#define CLI_OPT_END {.name = NULL, .has_arg = 0, .flag = NULL, .val = 0}

/* "PROG: message" on stderr, then exit(CLI_EXIT_USAGE). */
static void cli_usage_error(const char *fmt, ...) CLI__FMT(1, 2);
static CLI__UNUSED void cli_usage_error(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: ", cli_prog);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, " (%s --help lists every option)\n", cli_prog);
    exit(CLI_EXIT_USAGE);
}

static CLI__UNUSED void cli_version(void)
{
    printf("%s %s (iWARP over TCP, header-only C99 stack)\n", cli_prog, CLI_VERSION);
    exit(0);
}

/* An unsigned number for flag: decimal (or 0x hex); with suffixes, K, M and G multiply by
 * 2^10, 2^20, 2^30. Refused with the flag, the value and [lo, hi]. */
static CLI__UNUSED unsigned long long cli_num(const char *flag, const char *v, unsigned long long lo,
                                              unsigned long long hi, int suffixes)
{
    char *end;
    unsigned long long x;
    const char *range = suffixes ? " (valid: %llu..%llu; K, M, G suffixes allowed)"
                                 : " (valid: %llu..%llu)";
    char r[96];
    snprintf(r, sizeof r, range, lo, hi);
    if (v == NULL || *v == 0 || *v == '-' || *v == '+' || *v == ' ')
        cli_usage_error("%s '%s': not a number%s", flag, v ? v : "", r);
    errno = 0;
    x = strtoull(v, &end, 0);
    if (end == v) cli_usage_error("%s '%s': not a number%s", flag, v, r);
    if (errno == ERANGE) cli_usage_error("%s '%s': out of range%s", flag, v, r);
    if (suffixes && *end && !end[1]) {
        int sh = (*end == 'K' || *end == 'k') ? 10 : (*end == 'M' || *end == 'm') ? 20
               : (*end == 'G' || *end == 'g') ? 30 : -1;
        if (sh > 0) {
            if (x > (~0ull >> sh)) cli_usage_error("%s '%s': out of range%s", flag, v, r);
            x <<= sh;
            end++;
        }
    }
    if (*end) cli_usage_error("%s '%s': not a number%s", flag, v, r);
    if (x < lo || x > hi) cli_usage_error("%s '%s': out of range%s", flag, v, r);
    return x;
}

/* One of the words in the NULL-terminated list (its index), else refused naming them. */
static CLI__UNUSED int cli_word(const char *flag, const char *v, const char *const *words)
{
    int i;
    char all[160] = "";
    for (i = 0; words[i]; i++) {
        if (!strcmp(v, words[i])) return i;
        if (i) strncat(all, "|", sizeof all - strlen(all) - 1);
        strncat(all, words[i], sizeof all - strlen(all) - 1);
    }
    cli_usage_error("%s '%s': not one of %s", flag, v, all);
    return -1;
}

/* Resolves host (a name, an IPv4 or IPv6 literal) with getaddrinfo into the numeric text of
 * its first address (either family, getaddrinfo's order: "127.0.0.1", "::1") in out; 0 ok,
 * else -1 with the reason in why. */
static CLI__UNUSED int cli_resolve(const char *host, char *out, size_t outlen, char *why,
                                   size_t whylen)
{
    struct addrinfo hints, *res = NULL, *p;
    int rc;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    rc = getaddrinfo(host, NULL, &hints, &res);
    if (rc != 0) {
        snprintf(why, whylen, "cannot resolve '%s': %s", host, gai_strerror(rc));
        return -1;
    }
    for (p = res; p; p = p->ai_next) {
        const void *a = NULL;
        if (p->ai_family == AF_INET)
            a = &((const struct sockaddr_in *)(const void *)p->ai_addr)->sin_addr;
        else if (p->ai_family == AF_INET6)
            a = &((const struct sockaddr_in6 *)(const void *)p->ai_addr)->sin6_addr;
        if (a && inet_ntop(p->ai_family, a, out, (socklen_t)outlen)) {
            freeaddrinfo(res);
            return 0;
        }
    }
    freeaddrinfo(res);
    snprintf(why, whylen, "'%s' has no IPv4 or IPv6 address", host);
    return -1;
}

/* "host:port" for messages, the host in brackets when it is an IPv6 literal ("[::1]:7174"). */
static CLI__UNUSED const char *cli_hostport(const char *host, unsigned port, char *buf, size_t len)
{
    int v6 = host && strchr(host, ':') != NULL;
    snprintf(buf, len, "%s%s%s:%u", v6 ? "[" : "", host ? host : "*", v6 ? "]" : "", port);
    return buf;
}
#endif

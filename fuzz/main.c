/* fuzz/main.c: runs a libFuzzer target without libFuzzer (as stb's fuzz_main.c does).
 *
 * Replay: build/fuzz/replay_X FILE_OR_DIR...   runs LLVMFuzzerTestOneInput once per file
 *   (directories are walked one level, in name order; dot files are skipped). Exits 0 when every
 *   input ran, 1 if a file could not be read; a failed invariant aborts (trap) as it would
 *   under libFuzzer.
 *   cc -g -O1 -fsanitize=address,undefined -I. -Itests fuzz/main.c fuzz/fuzz_X.c -o build/fuzz/replay_X
 *
 * AFL++: built with afl-clang-fast / afl-cc, __AFL_FUZZ_TESTCASE_LEN is defined and this is a
 *   persistent-mode driver reading the test case from shared memory (__AFL_FUZZ_INIT,
 *   __AFL_LOOP, __AFL_FUZZ_TESTCASE_BUF); each case is copied to a buffer of its exact size so
 *   that a sanitizer build sees any over-read.
 *   afl-clang-fast -g -O1 -I. -Itests fuzz/main.c fuzz/fuzz_X.c -o build/afl/X
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#ifdef __AFL_FUZZ_TESTCASE_LEN
#include <unistd.h> /* read(), used by the AFL++ macros */

__AFL_FUZZ_INIT();

int main(void)
{
    unsigned char *buf;
#ifdef __AFL_HAVE_MANUAL_CONTROL
    __AFL_INIT();
#endif
    buf = __AFL_FUZZ_TESTCASE_BUF; /* after __AFL_INIT */
    while (__AFL_LOOP(10000)) {
        size_t len = (size_t)__AFL_FUZZ_TESTCASE_LEN;
        uint8_t *copy = (uint8_t *)malloc(len ? len : 1);
        if (!copy) return 1;
        if (len) memcpy(copy, buf, len);
        LLVMFuzzerTestOneInput(copy, len);
        free(copy);
    }
    return 0;
}

#else

/* Run one file. Returns 0 on success, 1 if it could not be read. */
static int run_file(const char *path)
{
    FILE *fp = fopen(path, "rb");
    uint8_t *buf;
    long n;
    size_t got;
    if (!fp) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return 1;
    }
    if (fseek(fp, 0, SEEK_END) != 0 || (n = ftell(fp)) < 0 || fseek(fp, 0, SEEK_SET) != 0) {
        fprintf(stderr, "replay: cannot size %s\n", path);
        fclose(fp);
        return 1;
    }
    buf = (uint8_t *)malloc(n ? (size_t)n : 1u);
    if (!buf) {
        fclose(fp);
        return 1;
    }
    got = fread(buf, 1, (size_t)n, fp);
    fclose(fp);
    if (got != (size_t)n) {
        fprintf(stderr, "replay: short read %s\n", path);
        free(buf);
        return 1;
    }
    LLVMFuzzerTestOneInput(buf, got);
    free(buf);
    return 0;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Run every regular file directly in dir, in name order. */
static int run_dir(const char *dir, unsigned long *count)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char **names = NULL;
    size_t n = 0, cap = 0, i;
    int bad = 0;
    if (!d) {
        fprintf(stderr, "replay: cannot open directory %s\n", dir);
        return 1;
    }
    while ((e = readdir(d)) != NULL) {
        size_t l;
        if (e->d_name[0] == '.') continue;
        if (n == cap) {
            char **nn = (char **)realloc(names, (cap = cap ? cap * 2 : 64) * sizeof *names);
            if (!nn) { bad = 1; break; }
            names = nn;
        }
        l = strlen(dir) + strlen(e->d_name) + 2;
        if (!(names[n] = (char *)malloc(l))) { bad = 1; break; }
        snprintf(names[n], l, "%s/%s", dir, e->d_name);
        n++;
    }
    closedir(d);
    if (n) qsort(names, n, sizeof *names, cmp_names);
    for (i = 0; i < n; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
            bad |= run_file(names[i]);
            (*count)++;
        }
        free(names[i]);
    }
    free(names);
    return bad;
}

int main(int argc, char **argv)
{
    unsigned long count = 0;
    int i, bad = 0;
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE_OR_DIR...\n", argv[0]);
        return 2;
    }
    for (i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "replay: no such file %s\n", argv[i]);
            bad = 1;
        } else if (S_ISDIR(st.st_mode)) {
            bad |= run_dir(argv[i], &count);
        } else {
            bad |= run_file(argv[i]);
            count++;
        }
    }
    printf("replay: %lu inputs%s\n", count, bad ? ", some unreadable" : ", ok");
    return bad;
}

#endif

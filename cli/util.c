/*
 * util.c - messages, hex and files for the ctc commands (cli.h).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "ct/ct.h"

void fail(const char *a, const char *b, const char *c)
{
    fprintf(stderr, "ctc: %s%s%s\n", a, b ? b : "", c ? c : "");
}

int usage_error(const char *a, const char *b)
{
    fprintf(stderr, "ctc: %s%s (see 'ctc --help')\n", a, b ? b : "");
    return EXIT_USAGE;
}

void print_hex(const uint8_t *p, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        printf("%02x", p[i]);
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

int decode_hex_as(struct hexarg *a, const char *opt, int bad)
{
    size_t n = strlen(a->text), i;

    if (n % 2 != 0) {
        fail(opt, ": not a hex string (odd number of digits)", NULL);
        return bad;
    }
    a->len = n / 2;
    a->bytes = malloc(a->len ? a->len : 1);
    if (a->bytes == NULL) {
        fail(opt, ": out of memory", NULL);
        return bad;
    }
    for (i = 0; i < a->len; i++) {
        int hi = hexval((unsigned char)a->text[2 * i]);
        int lo = hexval((unsigned char)a->text[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            fail(opt, ": not a hex string (bad digit)", NULL);
            return bad;
        }
        a->bytes[i] = (uint8_t)(hi * 16 + lo);
    }
    return 0;
}

void hexarg_free(struct hexarg *a)
{
    if (a->bytes) {
        ct_zeroize(a->bytes, a->len);
        free(a->bytes);
    }
    a->bytes = NULL;
    a->len = 0;
}

int read_file(uint8_t **out, size_t *len, const char *path, size_t max, int bad)
{
    /* read(2) directly, so no stdio buffer keeps a copy of a private key */
    int fd = strcmp(path, "-") == 0 ? 0 : open(path, O_RDONLY);
    uint8_t *buf;
    size_t n = 0;
    ssize_t got = 0;

    *out = NULL;
    *len = 0;
    if (fd < 0) {
        fail(path, ": ", strerror(errno));
        return bad;
    }
    /* one byte more than max tells a file that is too large */
    buf = malloc(max + 1);
    if (buf == NULL) {
        fail(path, ": out of memory", NULL);
        if (fd != 0)
            close(fd);
        return bad;
    }
    while (n <= max) {
        got = read(fd, buf + n, max + 1 - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        n += (size_t)got;
    }
    if (got < 0) {
        fail(path, ": read error: ", strerror(errno));
        read_free(buf, max + 1);
        if (fd != 0)
            close(fd);
        return bad;
    }
    if (fd != 0)
        close(fd);
    if (n > max) {
        fprintf(stderr, "ctc: %s: too large (more than %lu bytes)\n", path, (unsigned long)max);
        read_free(buf, max + 1);
        return bad;
    }
    *out = buf;
    *len = n;
    return 0;
}

void read_free(uint8_t *p, size_t len)
{
    if (p) {
        ct_zeroize(p, len);
        free(p);
    }
}

int read_full(int fd, uint8_t *buf, size_t n, size_t *got)
{
    *got = 0;
    while (*got < n) {
        ssize_t r = read(fd, buf + *got, n - *got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return -1;
        if (r == 0)
            break;
        *got += (size_t)r;
    }
    return 0;
}

/* write(2) directly, so no stdio buffer keeps a copy of a private key */
int write_all(int fd, const uint8_t *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

int write_file(const char *path, const uint8_t *p, size_t n, int secret)
{
    int fd;

    if (path == NULL || strcmp(path, "-") == 0) {
        if (fflush(stdout) != 0 || write_all(1, p, n) != 0) {
            fail("standard output: write error: ", strerror(errno), NULL);
            return EXIT_BAD;
        }
        return 0;
    }
    fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, secret ? 0600 : 0644);
    /* an existing file keeps its mode unless the key is secret */
    if (fd < 0 || (secret && fchmod(fd, 0600) != 0)) {
        fail(path, ": ", strerror(errno));
        if (fd >= 0)
            close(fd);
        return EXIT_BAD;
    }
    if (write_all(fd, p, n) != 0) {
        fail(path, ": write error: ", strerror(errno));
        close(fd);
        return EXIT_BAD;
    }
    if (close(fd) != 0) {
        fail(path, ": write error: ", strerror(errno));
        return EXIT_BAD;
    }
    return 0;
}

/* Calibration harness: Gimli permutation in RV32I assembly (AsmOptC-RiscV,
 * Gimli/Permutation/asm.S), checked against a plain C permutation written
 * from the Gimli specification; measured warm, as the original benchmark
 * (minimum over repeated runs) did. */
#include <stdint.h>
#include "emu.h"
int memcmp(const void *, const void *, __SIZE_TYPE__);
void gimli_asm(uint32_t *state);
void gimli(uint32_t *state);            /* the authors' C reference, built -O3 */

static uint32_t rotl(uint32_t x, int n) { return n ? (x << n) | (x >> (32 - n)) : x; }

static void gimli_ref(uint32_t *s)
{
    for (int round = 24; round > 0; round--) {
        for (int c = 0; c < 4; c++) {
            uint32_t x = rotl(s[c], 24), y = rotl(s[4 + c], 9), z = s[8 + c];
            s[8 + c] = x ^ (z << 1) ^ ((y & z) << 2);
            s[4 + c] = y ^ x ^ ((x | z) << 1);
            s[c] = z ^ y ^ ((x & y) << 3);
        }
        if ((round & 3) == 0) {
            uint32_t t = s[0]; s[0] = s[1]; s[1] = t;
            t = s[2]; s[2] = s[3]; s[3] = t;
        }
        if ((round & 3) == 2) {
            uint32_t t = s[0]; s[0] = s[2]; s[2] = t;
            t = s[1]; s[1] = s[3]; s[3] = t;
        }
        if ((round & 3) == 0) s[0] ^= 0x9e377900u ^ (uint32_t)round;
    }
}

static uint32_t st[12], ref[12];

/* the same call site runs three times, so the last region sees trained
 * branch predictors and a warm return-address stack */
__attribute__((noinline)) static void measure(void (*f)(uint32_t *))
{
    ct_begin();
    f(st);
    ct_end();
}

int main(void)
{
    for (int i = 0; i < 12; i++) st[i] = ref[i] = (uint32_t)i * i * i + (uint32_t)i * 0x9e3779b9u;
    gimli_ref(ref);
    gimli_asm(st);
    int fails = memcmp(st, ref, sizeof st) != 0;
    emu_puts(fails ? "FAIL gimli\n" : "ok gimli\n");
    for (int i = 0; i < 3; i++) measure(gimli_asm);    /* regions 0..2 */
    for (int i = 0; i < 12; i++) st[i] = (uint32_t)i * i * i + (uint32_t)i * 0x9e3779b9u;
    gimli(st);
    if (memcmp(st, ref, sizeof st)) { fails++; emu_puts("FAIL gimli C\n"); } else emu_puts("ok gimli C\n");
    for (int i = 0; i < 3; i++) measure(gimli);        /* regions 3..5 */
    return fails;
}

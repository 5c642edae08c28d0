/* Calibration harness: fixsliced AES-128 for RV32I (aadomn/aes, riscv/
 * fixslicing): two blocks per call.  Round keys are packed here from the
 * FIPS-197 expansion (packing, per-round inverse ShiftRows, the S-box NOTs
 * moved into the keys); outputs are checked against the reference code. */
#include <stdint.h>
int memcmp(const void *, const void *, __SIZE_TYPE__);
void *memcpy(void *, const void *, __SIZE_TYPE__);
#include "emu.h"
#include "aesref.h"

void aes128_encrypt_ffs(uint8_t *out0, uint8_t *out1, const uint8_t *in0, const uint8_t *in1,
                        const uint32_t *rkeys);

static uint32_t rkeys[88];
static uint8_t in0[16] __attribute__((aligned(4))), in1[16] __attribute__((aligned(4)));
static uint8_t out0[16] __attribute__((aligned(4))), out1[16] __attribute__((aligned(4)));

static void swapmove(uint32_t *hi, uint32_t *lo, uint32_t mask, int n)
{
    uint32_t t = ((*hi >> n) ^ *lo) & mask;
    *lo ^= t;
    *hi ^= t << n;
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* two 16-byte blocks -> 8 words, bit j of every byte gathered in word j */
static void pack(uint32_t w[8], const uint8_t *x, const uint8_t *y)
{
    for (int i = 0; i < 4; i++) { w[2 * i] = le32(x + 4 * i); w[2 * i + 1] = le32(y + 4 * i); }
    for (int i = 0; i < 8; i += 2) swapmove(&w[i + 1], &w[i], 0x55555555u, 1);
    for (int i = 0; i < 8; i += 4) { swapmove(&w[i + 2], &w[i], 0x33333333u, 2);
                                     swapmove(&w[i + 3], &w[i + 1], 0x33333333u, 2); }
    for (int i = 0; i < 4; i++) swapmove(&w[i + 4], &w[i], 0x0f0f0f0fu, 4);
}

/* rotate the 2-bit groups of the row fields of a packed word: row r of
 * each byte lane holds 2 bits per column; k = number of inverse ShiftRows */
static uint32_t inv_sr(uint32_t v, int k)
{
    uint32_t out = v & 0x000000ffu;
    for (int row = 1; row < 4; row++) {
        uint32_t byte = (v >> (8 * row)) & 0xff;
        int s = 2 * ((row * k) & 3);             /* rotate right by 2*row*k within the byte */
        if (s) byte = ((byte >> s) | (byte << (8 - s))) & 0xff;
        out |= byte << (8 * row);
    }
    return out;
}

int main(void)
{
    uint8_t rk[176], key[16], want0[16], want1[16];
    int fails = 0;
    ref_init();
    for (int i = 0; i < 16; i++) { key[i] = (uint8_t)i; in0[i] = (uint8_t)(i * 0x11); in1[i] = (uint8_t)(0xa5 ^ 7 * i); }
    ref_expand(rk, key, 4);
    for (int r = 0; r <= 10; r++) {
        uint32_t *w = rkeys + 8 * r;
        pack(w, rk + 16 * r, rk + 16 * r);
        int k = (r >= 1 && r <= 9) ? (r & 3) : 0;
        for (int j = 0; j < 8 && k; j++) w[j] = inv_sr(w[j], k);
        if (r) { w[1] = ~w[1]; w[2] = ~w[2]; w[6] = ~w[6]; w[7] = ~w[7]; }
    }
    ref_encrypt(want0, in0, rk, 10);
    ref_encrypt(want1, in1, rk, 10);
    for (int i = 0; i < 3; i++) aes128_encrypt_ffs(out0, out1, in0, in1, rkeys);
    ct_begin();
    aes128_encrypt_ffs(out0, out1, in0, in1, rkeys);
    ct_end();
    if (memcmp(out0, want0, 16) || memcmp(out1, want1, 16)) { fails++; emu_puts("FAIL ffs\n"); }
    else emu_puts("ok ffs\n");
    return fails;
}

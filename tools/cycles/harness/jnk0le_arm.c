/* Calibration harness: jnk0le/cortexm-AES table-based AES (CM0_sBOX or,
 * with -DFASTMUL, CM0_FASTMULsBOX on Armv6-M with -DCM0; CM3_1T on
 * Armv7-M).  Each measured call runs after warm-up calls; results are
 * checked against FIPS-197 appendix C. */
#include <stdint.h>
int memcmp(const void *, const void *, __SIZE_TYPE__);
void *memcpy(void *, const void *, __SIZE_TYPE__);
#include "emu.h"
#include "aesref.h"

#ifdef CM0
uint8_t AES_sbox[256];
void CM0_sBOX_AES_encrypt(const uint8_t *rk, const uint8_t *in, uint8_t *out, uint32_t rounds);
void CM0_FASTMULsBOX_AES_encrypt(const uint8_t *rk, const uint8_t *in, uint8_t *out, uint32_t rounds);
#ifdef FASTMUL
#define ENC CM0_FASTMULsBOX_AES_encrypt
#else
#define ENC CM0_sBOX_AES_encrypt
#endif
#else
uint32_t AES_Te2[256];
void CM3_1T_AES_encrypt(const uint8_t *rk, const uint8_t *in, uint8_t *out, uint32_t rounds);
void CM3_1T_AES_128_keyschedule_enc(uint8_t *rk, const uint8_t *key);
#define ENC CM3_1T_AES_encrypt
#endif

static uint8_t rk[240] __attribute__((aligned(8)));
#ifndef CM0
static uint8_t rk2[240] __attribute__((aligned(8)));
#endif
static uint8_t in[16] __attribute__((aligned(4))), out[16] __attribute__((aligned(4))), key[32];
static const uint8_t ct128[16] = { 0x69,0xc4,0xe0,0xd8,0x6a,0x7b,0x04,0x30,0xd8,0xcd,0xb7,0x80,0x70,0xb4,0xc5,0x5a };
static const uint8_t ct192[16] = { 0xdd,0xa9,0x7c,0xa4,0x86,0x4c,0xdf,0xe0,0x6e,0xaf,0x70,0xa0,0xec,0x0d,0x71,0x91 };
static const uint8_t ct256[16] = { 0x8e,0xa2,0xb7,0xca,0x51,0x67,0x45,0xbf,0xea,0xfc,0x49,0x90,0x4b,0x49,0x60,0x89 };
static int fails;

static void check(const uint8_t *got, const uint8_t *want, const char *what)
{
    if (memcmp(got, want, 16)) { fails++; emu_puts("FAIL "); } else emu_puts("ok ");
    emu_puts(what); emu_puts("\n");
}

__attribute__((noinline)) static void run_enc(int nk)
{
    ref_expand(rk, key, nk);
    for (int i = 0; i < 3; i++) ENC(rk, in, out, (uint32_t)(nk + 6));
    ct_begin();
    ENC(rk, in, out, (uint32_t)(nk + 6));
    ct_end();
}

int main(void)
{
    ref_init();
#ifdef CM0
    memcpy(AES_sbox, ref_sbox, 256);
#else
    for (int x = 0; x < 256; x++) {
        uint32_t s = ref_sbox[x], s2 = gmul((uint8_t)s, 2), s3 = s2 ^ s;
        AES_Te2[x] = s | s3 << 8 | s2 << 16 | s << 24;    /* bytes S, 3S, 2S, S */
    }
#endif
    for (int i = 0; i < 32; i++) key[i] = (uint8_t)i;
    for (int i = 0; i < 16; i++) in[i] = (uint8_t)(i * 0x11);
#ifndef CM0
    /* region 0: AES-128 key expansion */
    for (int i = 0; i < 3; i++) CM3_1T_AES_128_keyschedule_enc(rk2, key);
    ct_begin();
    CM3_1T_AES_128_keyschedule_enc(rk2, key);
    ct_end();
    ref_expand(rk, key, 4);
    if (memcmp(rk, rk2, 176)) { fails++; emu_puts("FAIL keyschedule\n"); } else emu_puts("ok keyschedule\n");
#endif
    run_enc(4); check(out, ct128, "AES-128");      /* regions 1..3 (0..2 on CM0) */
    run_enc(6); check(out, ct192, "AES-192");
    run_enc(8); check(out, ct256, "AES-256");
    return fails;
}

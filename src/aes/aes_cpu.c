/*
 * aes_cpu.c - which AES core runs (aes_hw, aes_hw_allow, aes_encrypt1,
 * aes_encrypt2 and aes_decrypt2 in aes_impl.h): the hardware one (AES-NI
 * on x86-64, Armv8 AES on AArch64) where it was built and
 * ctc_cpu_features() reports it, else the constant-time 32-bit core, or the
 * table core (not constant time) when the library was built with
 * CTC_AES_TABLE. The choice depends on the CPU and the build only, never on
 * the data.
 */
#include "aes_impl.h"

#include "common/cpu.h"
#include "ct/ct.h"

#if CTC_AES

static unsigned hw_allowed = ~0u;     /* tests restrict this */

/* see aes_impl.h */
unsigned aes_hw(void)
{
#if AES_HAVE_X86_NI || AES_HAVE_ARMV8_CE || AES_HAVE_AVX2
    unsigned f = ctc_cpu_features(), hw = 0;

#if AES_HAVE_X86_NI
    if (f & CTC_CPU_X86_AESNI)
        hw |= AES_HW_AES;
    if (f & CTC_CPU_X86_PCLMUL)
        hw |= AES_HW_CLMUL;
    if ((f & (CTC_CPU_X86_VAES | CTC_CPU_X86_VPCLMUL)) == (CTC_CPU_X86_VAES | CTC_CPU_X86_VPCLMUL))
        hw |= AES_HW_VAES;
#elif AES_HAVE_ARMV8_CE
    if (f & CTC_CPU_ARM64_AES)
        hw |= AES_HW_AES;
    if (f & CTC_CPU_ARM64_PMULL)
        hw |= AES_HW_CLMUL;
#endif
#if AES_HAVE_AVX2
    if (f & CTC_CPU_X86_AVX2)
        hw |= AES_HW_AVX2;
#endif
    return hw & hw_allowed;
#else
    return 0;
#endif
}

/* see aes_impl.h */
unsigned aes_hw_allow(unsigned allowed)
{
    unsigned old = hw_allowed;

    hw_allowed = allowed;
    return old;
}

#if AES_HAVE_CT64
/* two blocks through one pass of the 64-bit core (its other lanes zero) */
static void aes_ct64_pair(const ctc_aes_key *key, uint8_t out0[16], uint8_t out1[16],
                          const uint8_t in0[16], const uint8_t in1[16], int decrypt)
{
    uint8_t b[32];
    unsigned i;

    for (i = 0; i < 16; i++) {
        b[i] = in0[i];
        b[16 + i] = in1[i];
    }
    if (decrypt)
        aes_ct64_decrypt4(key->rk64, key->rounds, b, b, 2);
    else
        aes_ct64_encrypt4(key->rk64, key->rounds, b, b, 2);
    for (i = 0; i < 16; i++) {
        out0[i] = b[i];
        out1[i] = b[16 + i];
    }
    ct_zeroize(b, sizeof b);
}
#endif

/* n whole blocks with the software core: sixteen per pass with the AVX2
 * leaf (the last four or fewer with the portable core), four with the
 * 64-bit core, two with the 32-bit one (an odd last
 * block with a copy of itself), one with a table core */
static void aes_sw_blocks(const ctc_aes_key *key, uint8_t *out, const uint8_t *in,
                          size_t n, int decrypt)
{
    size_t i;

#if AES_HAVE_AVX2
    /* runs of more than four blocks through the AVX2 leaf; four or fewer
     * through one pass of the portable core, which costs less than a
     * sixteen-block one (237 against 272 ns, docs/aes.md) */
    if (n > 4 && (aes_hw() & AES_HW_AVX2)) {
        for (; n > 4; n -= n < 16 ? n : 16) {
            size_t m = n < 16 ? n : 16;

            if (decrypt)
                aes_avx2_decrypt16(key->rk64, key->rounds, out, in, m);
            else
                aes_avx2_encrypt16(key->rk64, key->rounds, out, in, m);
            out += 16 * m;
            in += 16 * m;
        }
    }
#endif
#if AES_HAVE_TABLE
    /* vartime: CTC_AES_TABLE, the build chose a core that is not constant time */
    for (i = 0; i < n; i++) {
        if (decrypt)
            aes_tbl_decrypt_vartime(AES_TBL_DK(key), key->rounds, out + 16 * i, in + 16 * i);
        else
            aes_tbl_encrypt_vartime(key->ek, key->rounds, out + 16 * i, in + 16 * i);
    }
#elif AES_HAVE_CT64
    for (i = 0; i < n; i += 4) {
        size_t m = n - i < 4 ? n - i : 4;

        if (decrypt)
            aes_ct64_decrypt4(key->rk64, key->rounds, out + 16 * i, in + 16 * i, m);
        else
            aes_ct64_encrypt4(key->rk64, key->rounds, out + 16 * i, in + 16 * i, m);
    }
#else
    for (i = 0; i + 2 <= n; i += 2) {
        if (decrypt)
            aes_ct32_decrypt2(key->rk, key->rounds, out + 16 * i, out + 16 * i + 16,
                              in + 16 * i, in + 16 * i + 16);
        else
            aes_ct32_encrypt2(key->rk, key->rounds, out + 16 * i, out + 16 * i + 16,
                              in + 16 * i, in + 16 * i + 16);
    }
    if (i < n) {
        uint8_t spare[16];

        if (decrypt)
            aes_ct32_decrypt2(key->rk, key->rounds, out + 16 * i, spare, in + 16 * i,
                              in + 16 * i);
        else
            aes_ct32_encrypt2(key->rk, key->rounds, out + 16 * i, spare, in + 16 * i,
                              in + 16 * i);
        ct_zeroize(spare, sizeof spare);
    }
#endif
}

/* see aes_impl.h */
void aes_encrypt_blocks(const ctc_aes_key *key, uint8_t *out, const uint8_t *in,
                        size_t n)
{
#if AES_HAVE_HW
    if (aes_hw() & AES_HW_AES) {
        aes_hw_encrypt_blocks(key->rk8, key->rounds, out, in, n);
        return;
    }
#endif
    aes_sw_blocks(key, out, in, n, 0);
}

/* see aes_impl.h */
void aes_decrypt_blocks(const ctc_aes_key *key, uint8_t *out, const uint8_t *in,
                        size_t n)
{
#if AES_HAVE_HW
    if (aes_hw() & AES_HW_AES) {
        aes_hw_decrypt_blocks(key->rk8, key->rounds, out, in, n);
        return;
    }
#endif
    aes_sw_blocks(key, out, in, n, 1);
}

/* see aes_impl.h */
void aes_encrypt2(const ctc_aes_key *key, uint8_t out0[16], uint8_t out1[16],
                  const uint8_t in0[16], const uint8_t in1[16])
{
#if AES_HAVE_HW
    if (aes_hw() & AES_HW_AES) {
        uint8_t b[32];
        unsigned i;

        for (i = 0; i < 16; i++) {
            b[i] = in0[i];
            b[16 + i] = in1[i];
        }
        aes_hw_encrypt_blocks(key->rk8, key->rounds, b, b, 2);
        for (i = 0; i < 16; i++) {
            out0[i] = b[i];
            out1[i] = b[16 + i];
        }
        return;
    }
#endif
#if AES_HAVE_TABLE
    /* vartime: CTC_AES_TABLE, the build chose a core that is not constant time */
    aes_tbl_encrypt_vartime(key->ek, key->rounds, out0, in0);
    aes_tbl_encrypt_vartime(key->ek, key->rounds, out1, in1);
#elif AES_HAVE_CT64
    aes_ct64_pair(key, out0, out1, in0, in1, 0);
#else
    aes_ct32_encrypt2(key->rk, key->rounds, out0, out1, in0, in1);
#endif
}

/* see aes_impl.h */
void aes_decrypt2(const ctc_aes_key *key, uint8_t out0[16], uint8_t out1[16],
                  const uint8_t in0[16], const uint8_t in1[16])
{
#if AES_HAVE_HW
    if (aes_hw() & AES_HW_AES) {
        uint8_t b[32];
        unsigned i;

        for (i = 0; i < 16; i++) {
            b[i] = in0[i];
            b[16 + i] = in1[i];
        }
        aes_hw_decrypt_blocks(key->rk8, key->rounds, b, b, 2);
        for (i = 0; i < 16; i++) {
            out0[i] = b[i];
            out1[i] = b[16 + i];
        }
        return;
    }
#endif
#if AES_HAVE_TABLE
    /* vartime: CTC_AES_TABLE, the build chose a core that is not constant time */
    aes_tbl_decrypt_vartime(AES_TBL_DK(key), key->rounds, out0, in0);
    aes_tbl_decrypt_vartime(AES_TBL_DK(key), key->rounds, out1, in1);
#elif AES_HAVE_CT64
    aes_ct64_pair(key, out0, out1, in0, in1, 1);
#else
    aes_ct32_decrypt2(key->rk, key->rounds, out0, out1, in0, in1);
#endif
}

/* see aes_impl.h */
void aes_encrypt1(const ctc_aes_key *key, uint8_t out[16], const uint8_t in[16])
{
#if AES_HAVE_HW
    if (aes_hw() & AES_HW_AES) {
        aes_hw_encrypt_blocks(key->rk8, key->rounds, out, in, 1);
        return;
    }
#endif
#if AES_HAVE_TABLE
    /* vartime: CTC_AES_TABLE, the build chose a core that is not constant time */
    aes_tbl_encrypt_vartime(key->ek, key->rounds, out, in);
#elif AES_HAVE_CT64
    aes_ct64_encrypt4(key->rk64, key->rounds, out, in, 1);
#else
    {
        uint8_t spare[16];

        aes_ct32_encrypt2(key->rk, key->rounds, out, spare, in, in);
        ct_zeroize(spare, sizeof spare);
    }
#endif
}

#endif /* CTC_AES */

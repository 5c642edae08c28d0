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
#if AES_HAVE_X86_NI
    unsigned f = ctc_cpu_features(), hw = 0;

    if (f & CTC_CPU_X86_AESNI)
        hw |= AES_HW_AES;
    if (f & CTC_CPU_X86_PCLMUL)
        hw |= AES_HW_CLMUL;
    if ((f & (CTC_CPU_X86_VAES | CTC_CPU_X86_VPCLMUL)) == (CTC_CPU_X86_VAES | CTC_CPU_X86_VPCLMUL))
        hw |= AES_HW_VAES;
    return hw & hw_allowed;
#elif AES_HAVE_ARMV8_CE
    unsigned f = ctc_cpu_features(), hw = 0;

    if (f & CTC_CPU_ARM64_AES)
        hw |= AES_HW_AES;
    if (f & CTC_CPU_ARM64_PMULL)
        hw |= AES_HW_CLMUL;
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
#else
    {
        uint8_t spare[16];

        aes_ct32_encrypt2(key->rk, key->rounds, out, spare, in, in);
        ct_zeroize(spare, sizeof spare);
    }
#endif
}

#endif /* CTC_AES */

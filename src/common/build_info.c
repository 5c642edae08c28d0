/*
 * build_info.c - ctc_build_info() (declared in ctcrypto/common.h).
 */
#include "ctcrypto/common.h"
#include "ct/ct.h"
#include "ec/p256_field.h"
#include "ec/p384_field.h"
#include "ec/ec.h"
#include "mp/mp_word.h"
#include "aes/aes_impl.h"

#ifndef CTC_TARGET_NAME
#define CTC_TARGET_NAME "unknown"
#endif

#define CTC_STR_(x) #x
#define CTC_STR(x) CTC_STR_(x)

#if defined(__clang__)
#define CTC_CC_NAME "clang " __clang_version__
#elif defined(__GNUC__)
#define CTC_CC_NAME "gcc " CTC_STR(__GNUC__) "." CTC_STR(__GNUC_MINOR__) "." CTC_STR(__GNUC_PATCHLEVEL__)
#else
#define CTC_CC_NAME "unknown compiler"
#endif

#if defined(__OPTIMIZE_SIZE__)
#define CTC_OPT_NAME "size"
#elif defined(__OPTIMIZE__)
#define CTC_OPT_NAME "speed"
#else
#define CTC_OPT_NAME "none"
#endif

#if CTC_CT_CHECK == 1
#define CTC_CHECK_NAME "valgrind"
#elif CTC_CT_CHECK == 2
#define CTC_CHECK_NAME "msan"
#else
#define CTC_CHECK_NAME "none"
#endif

#if CT_BARRIER_ASM
#define CTC_BARRIER_NAME "asm"
#else
#define CTC_BARRIER_NAME "volatile"
#endif

#if CTC_PROFILE_SMALL
#define CTC_PROFILE_NAME "small"
#else
#define CTC_PROFILE_NAME "fast"
#endif

/* the AES cores (docs/aes.md): the constant-time 32-bit bitsliced one (its
 * rounds in Armv7 assembly where that is built: ct32-armv7) or, in 64-bit
 * builds, the 64-bit one (ct64; ct64-avx2 where its AVX2 leaf is built and
 * chosen at run time), or the table
 * core that is not constant time (CTC_AES_TABLE; -ctr-armv7m where its
 * counter mode is the Thumb-2 leaf), and AES-NI with
 * PCLMULQDQ (x86-64, CPUID) or Armv8 AES with PMULL (AArch64, the ID
 * register ID_AA64ISAR0_EL1) chosen at run time where it was built */
#if AES_HAVE_TBL_ARMV7M_ASM
#define CTC_AES_TBL_CTR "-ctr-armv7m"  /* arch/aes_table_armv7m.S */
#else
#define CTC_AES_TBL_CTR ""
#endif
#if CTC_AES_TABLE == CTC_AES_TABLE_FLASH
#define CTC_AES_SW_NAME "table-flash" CTC_AES_TBL_CTR "-NOT-CONSTANT-TIME"
#elif CTC_AES_TABLE == CTC_AES_TABLE_UNROLLED
#define CTC_AES_SW_NAME "table-unrolled" CTC_AES_TBL_CTR "-NOT-CONSTANT-TIME"
#elif CTC_AES_TABLE == CTC_AES_TABLE_RAM
#define CTC_AES_SW_NAME "table-ram" CTC_AES_TBL_CTR "-NOT-CONSTANT-TIME"
#elif CTC_AES_TABLE == CTC_AES_TABLE_SBOX
#define CTC_AES_SW_NAME "table-sbox-NOT-CONSTANT-TIME"
#elif AES_HAVE_ARMV7_ASM
#define CTC_AES_SW_NAME "ct32-armv7"
#elif AES_HAVE_AVX2
#define CTC_AES_SW_NAME "ct64-avx2"
#elif AES_HAVE_CT64
#define CTC_AES_SW_NAME "ct64"
#else
#define CTC_AES_SW_NAME "ct32"
#endif
#if CTC_AES && AES_HAVE_X86_NI
#define CTC_AES_NAME CTC_AES_SW_NAME "+aesni-cpuid"
#elif CTC_AES && AES_HAVE_ARMV8_CE
#define CTC_AES_NAME CTC_AES_SW_NAME "+armv8-aes-idreg"
#elif CTC_AES
#define CTC_AES_NAME CTC_AES_SW_NAME
#else
#define CTC_AES_NAME "none"
#endif

static const char ctc_build_info_text[] =
    "ctcrypto " CTC_VERSION
    " target=" CTC_TARGET_NAME
    " ct-asm=" CT_ASM_NAME
    " mp-asm=" MP_ASM_NAME " mp-mul=" MP_MUL_NAME " mp-carry=" MP_CARRY_NAME
    " p256-asm=" P256_ASM_NAME
    " p384-asm=" P384_ASM_NAME
#if CTC_PROFILE_SMALL && !CTC_EC_SMALL_COMB
    " ec-comb=none,ladder"      /* src/ec/ec_ladder.c: no fixed-base table */
#else
    " ec-comb=w" CTC_STR(CTC_EC_COMB_WIN) ",p256:" CTC_STR(CTC_P256_TABLE_ROWS)
    ",p384:" CTC_STR(CTC_P384_TABLE_ROWS)
#endif
    " ec-lookup=" EC_LOOKUP_NAME
    " rsa-exp-blind=" CTC_STR(CTC_RSA_EXP_BLIND)
    " aes=" CTC_AES_NAME
    " barrier=" CTC_BARRIER_NAME
    " force-inline=" CTC_STR(CTC_FORCE_INLINE)
    " limb=" CTC_STR(CTC_LIMB_BITS)
    " word=" CTC_STR(CT_WORD_BITS)
    " profile=" CTC_PROFILE_NAME
    " ct-check=" CTC_CHECK_NAME
    " opt=" CTC_OPT_NAME
    " cc=" CTC_CC_NAME;

const char *ctc_build_info(void)
{
    return ctc_build_info_text;
}

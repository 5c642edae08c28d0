/*
 * ctcrypto/config.h - build options.
 *
 * Every option is a number set on the compiler command line (the Makefile
 * passes them) or here. Leave an option undefined to get the default or the
 * autodetected value. What was chosen is reported at run time by
 * ctc_build_info().
 *
 *   CTC_NO_ASM        1: use the portable C twin of every assembly leaf.
 *                     0 (default): use the inline-assembly leaves for the
 *                     architecture when the compiler speaks GNU asm.
 *   CTC_FORCE_INLINE  1 (default): the per-word constant-time helpers are
 *                     always inlined (always_inline), so -Os builds do not
 *                     pay a call per limb. 0: plain `static inline`, the
 *                     compiler decides (kept to measure what forcing costs).
 *   CTC_LIMB_BITS     32 or 64: bignum limb size. Default: the register width
 *                     (64 on x86-64 and AArch64, 32 elsewhere). 64 is
 *                     refused on 32-bit targets.
 *   CTC_BARRIER_VOLATILE
 *                     1: the optimisation barrier goes through a volatile
 *                     local instead of an empty asm statement (the fallback
 *                     for compilers without GNU asm; selectable for tests).
 *   CTC_CT_CHECK      0 (default): CT_POISON/CT_UNPOISON do nothing.
 *                     1: valgrind memcheck client requests. 2: MemorySanitizer.
 *   CTC_PROFILE_SMALL 1: prefer small code (rolled loops, small tables).
 *                     0 (default): prefer speed.
 *   CTC_EC_P256, CTC_EC_P384
 *                     1 (default): the curve is built in. 0: left out (its
 *                     functions do not exist); without P-384 every ec
 *                     array is sized for 256 bits.
 *   CTC_SHA512        1 (default): SHA-384 and SHA-512 are built in. 0: left
 *                     out (their functions do not exist; HMAC, HKDF,
 *                     HMAC-DRBG and RFC 6979 accept SHA-224 and SHA-256
 *                     only), for an image that needs no 64-bit hash:
 *                     P-256 with SHA-256 (ECDSA's nonce HMAC then uses
 *                     SHA-256 for every message hash length). P-384 needs
 *                     it (its nonce HMAC is SHA-384).
 *   CTC_SHA224        1 (default): SHA-224 is built in. 0: left out (its
 *                     functions do not exist; the hash id CTC_HASH_SHA224
 *                     is refused with CTC_ERR_PARAM by ctc_hash_*, HMAC,
 *                     HKDF, HMAC-DRBG and RFC 6979, as SHA-384/512 are
 *                     with CTC_SHA512 = 0), for an image that needs
 *                     SHA-256 only (the P-256-only build). ECDSA signing
 *                     of a 28-byte hash then fails with that error (its
 *                     RFC 6979 HMAC would be SHA-224's).
 *   CTC_AES           1 (default): AES and its modes are built in
 *                     (ctcrypto/aes.h). 0: left out (their functions do
 *                     not exist).
 *   CTC_EC_COMB_WIN   4, 5 or 7: the digit width of k G (key generation,
 *                     signing) and so the points per row of the
 *                     fixed-base tables (8, 16 or 64). 4 wins with the
 *                     small tables of microcontrollers (twice the rows in
 *                     the same bytes), 5 and 7 with a table of one row per
 *                     digit (52 or 37 additions for P-256 instead of 64,
 *                     77 or 55 for P-384); docs/ec.md has the measured
 *                     trade-off. Default: 7 on 64-bit targets without
 *                     CTC_PROFILE_SMALL, else 4.
 *   CTC_P256_TABLE_ROWS, CTC_P384_TABLE_ROWS
 *                     the size of the curve's fixed-base table for k G:
 *                     rows of 2^(CTC_EC_COMB_WIN - 1) affine points, up to
 *                     ceil(bits / CTC_EC_COMB_WIN) rows. Window 4:
 *                     P-256 512 bytes per row, up to 64 (e.g. 1, 2, 4, 8,
 *                     16, 32, 64), P-384 768 bytes, up to 96 (e.g. 1, 2,
 *                     4, 8, 12, 16, 24, 32, 48, 96). Window 5: P-256 1 KiB
 *                     per row, up to 52 (e.g. 1, 2, 4, 13, 26, 52), P-384
 *                     1.5 KiB, up to 77 (e.g. 1, 4, 7, 11, 20, 77). Window
 *                     7: P-256 4 KiB per row, up to 37 (e.g. 1, 4, 8,
 *                     37), P-384 6 KiB, up to 55 (e.g. 1, 5, 11, 55). A
 *                     count that the spacing ceil(digits / rows) does not
 *                     give back is refused. More rows, fewer doublings
 *                     (docs/ec.md; P-256 on Cortex-M4 meets 410 k cycles
 *                     per key generation from 16 rows, 8 KiB). Default on
 *                     64-bit targets: one row per digit of the window (W
 *                     = 7: 37 and 55 rows, 148 KiB and 330 KiB; W = 5: 52
 *                     and 77, 52 KiB and 115.5 KiB; W = 4: 64 and 96),
 *                     else 8 and 8 (microcontrollers: 4 KiB, 6 KiB).
 *                     CTC_PROFILE_SMALL links no table (k G is the ladder
 *                     of src/ec/ec_ladder.c, and these options and
 *                     CTC_EC_COMB_WIN have no effect there) unless
 *                     CTC_EC_SMALL_COMB is set; its default is then 2 and
 *                     2 rows of W = 4 (1 KiB, 1.5 KiB).
 *   CTC_EC_SMALL_COMB 0 (default): CTC_PROFILE_SMALL computes k G (key
 *                     generation, signing) on the ladder, with no table.
 *                     1: k G is the comb of the fast profile
 *                     (src/ec/ec_mul_base.c) with the table of
 *                     CTC_P256_TABLE_ROWS, CTC_P384_TABLE_ROWS and
 *                     CTC_EC_COMB_WIN above, for a bigger image and a
 *                     faster k G (docs/ec.md, "Fixed-base table sizes",
 *                     has both measured); k P (ECDH) and verification stay
 *                     on the ladder. No effect without CTC_PROFILE_SMALL.
 *   CTC_RSA_MAX_BITS  the largest RSA modulus, in bits: sizes the key
 *                     structs of ctcrypto/rsa.h and the stack scratch of
 *                     the RSA functions. A multiple of 64 from 1024 to
 *                     4096 (default 4096).
 *   CTC_RSA_EXP_BLIND 1: the private operation also blinds its exponents:
 *                     each CRT half runs with dp + r (p - 1) (and
 *                     dq + s (q - 1)) for r, s of one limb (32 bits on
 *                     32-bit targets, 64 on 64-bit ones) from the caller's
 *                     RNG, fresh per call, so that the exponent's bits are
 *                     not the same on two calls (power and electromagnetic
 *                     analysis that averages traces). 0: base blinding
 *                     only; the exponentiation is constant time either
 *                     way. The cost is one limb of exponent per half
 *                     (docs/rsa.md, "Exponent blinding", measures it).
 *                     Default: 1 with 32-bit limbs (microcontrollers,
 *                     which attackers can probe; +3% there), 0 with 64-bit
 *                     limbs (hosts; +5.6%).
 *   CTC_AES_TABLE     0 (default): the AES block cipher is the constant-time
 *                     bitsliced core. Else a table-based core that is NOT
 *                     CONSTANT TIME (its memory addresses depend on the key
 *                     and the data: cache and bus timing reveal them), for
 *                     firmware that accepts that trade-off for speed
 *                     (docs/aes.md has the measured table):
 *                     CTC_AES_TABLE_FLASH (1): T-tables in read-only memory
 *                       (4 KiB for encryption, 4 KiB + 256 bytes for the
 *                       inverse cipher), rounds in a loop;
 *                     CTC_AES_TABLE_UNROLLED (2): the same tables, rounds
 *                       written out;
 *                     CTC_AES_TABLE_RAM (3): the same tables computed into
 *                       RAM (8.25 KiB) by the first ctc_aes_key_set, rounds
 *                       in a loop;
 *                     CTC_AES_TABLE_SBOX (4): the 256-byte S-box and its
 *                       256-byte inverse, MixColumns computed.
 *                     AES-NI, where built, still runs when the CPU has it.
 *   CTC_AES_CT64      1 where pointers are 64 bits (default), else 0: the
 *                     constant-time core is the 64-bit bitsliced one (four
 *                     blocks per pass, and sixteen with AVX2 on x86-64 when
 *                     the CPU has it) instead of the 32-bit one (two blocks
 *                     per pass). Ignored with CTC_AES_TABLE.
 */
#ifndef CTCRYPTO_CONFIG_H
#define CTCRYPTO_CONFIG_H

#ifndef CTC_NO_ASM
#define CTC_NO_ASM 0
#endif

#ifndef CTC_FORCE_INLINE
#define CTC_FORCE_INLINE 1
#endif

#ifndef CTC_BARRIER_VOLATILE
#define CTC_BARRIER_VOLATILE 0
#endif

#ifndef CTC_CT_CHECK
#define CTC_CT_CHECK 0
#endif

#ifndef CTC_PROFILE_SMALL
#define CTC_PROFILE_SMALL 0
#endif

#ifndef CTC_EC_P256
#define CTC_EC_P256 1
#endif

#ifndef CTC_EC_P384
#define CTC_EC_P384 1
#endif

#ifndef CTC_SHA512
#define CTC_SHA512 1
#endif

#ifndef CTC_SHA224
#define CTC_SHA224 1
#endif
#if CTC_EC_P384 && !CTC_SHA512
#error "CTC_EC_P384 needs CTC_SHA512 (RFC 6979 with SHA-384)"
#endif

#ifndef CTC_RSA_MAX_BITS
#define CTC_RSA_MAX_BITS 4096
#endif
#if CTC_RSA_MAX_BITS < 1024 || CTC_RSA_MAX_BITS > 4096 || CTC_RSA_MAX_BITS % 64 != 0
#error "CTC_RSA_MAX_BITS must be a multiple of 64 from 1024 to 4096"
#endif

#ifndef CTC_RSA_EXP_BLIND
/* on with 32-bit limbs (the microcontrollers), off with 64-bit ones */
#if defined(CTC_LIMB_BITS)
#if CTC_LIMB_BITS == 32
#define CTC_RSA_EXP_BLIND 1
#else
#define CTC_RSA_EXP_BLIND 0
#endif
#elif defined(__SIZEOF_POINTER__) && __SIZEOF_POINTER__ == 8
#define CTC_RSA_EXP_BLIND 0
#else
#define CTC_RSA_EXP_BLIND 1
#endif
#endif
#if CTC_RSA_EXP_BLIND != 0 && CTC_RSA_EXP_BLIND != 1
#error "CTC_RSA_EXP_BLIND must be 0 or 1"
#endif

#ifndef CTC_AES
#define CTC_AES 1
#endif

#define CTC_AES_TABLE_FLASH 1
#define CTC_AES_TABLE_UNROLLED 2
#define CTC_AES_TABLE_RAM 3
#define CTC_AES_TABLE_SBOX 4
#ifndef CTC_AES_TABLE
#define CTC_AES_TABLE 0
#endif
#if CTC_AES_TABLE < 0 || CTC_AES_TABLE > 4
#error "CTC_AES_TABLE must be 0 or one of CTC_AES_TABLE_FLASH, _UNROLLED, _RAM, _SBOX"
#endif
#ifndef CTC_AES_CT64
#if (defined(__SIZEOF_POINTER__) && __SIZEOF_POINTER__ == 8) || defined(_WIN64)
#define CTC_AES_CT64 1
#else
#define CTC_AES_CT64 0
#endif
#endif
#if CTC_AES_CT64 != 0 && CTC_AES_CT64 != 1
#error "CTC_AES_CT64 must be 0 or 1"
#endif

#ifndef CTC_EC_SMALL_COMB
#define CTC_EC_SMALL_COMB 0
#endif
#if CTC_EC_SMALL_COMB != 0 && CTC_EC_SMALL_COMB != 1
#error "CTC_EC_SMALL_COMB must be 0 or 1"
#endif

#if CTC_PROFILE_SMALL
#define CTC_EC_TABLE_DEFAULT_ 0
#elif defined(__SIZEOF_POINTER__) && __SIZEOF_POINTER__ == 8
#define CTC_EC_TABLE_DEFAULT_ 2
#else
#define CTC_EC_TABLE_DEFAULT_ 1
#endif

#ifndef CTC_EC_COMB_WIN
#if CTC_EC_TABLE_DEFAULT_ == 2
#define CTC_EC_COMB_WIN 7
#else
#define CTC_EC_COMB_WIN 4
#endif
#endif

#ifndef CTC_P256_TABLE_ROWS
#if CTC_EC_TABLE_DEFAULT_ == 0
#define CTC_P256_TABLE_ROWS 2
#elif CTC_EC_TABLE_DEFAULT_ == 2 && CTC_EC_COMB_WIN == 7
#define CTC_P256_TABLE_ROWS 37
#elif CTC_EC_TABLE_DEFAULT_ == 2 && CTC_EC_COMB_WIN == 5
#define CTC_P256_TABLE_ROWS 52
#elif CTC_EC_TABLE_DEFAULT_ == 2
#define CTC_P256_TABLE_ROWS 64
#else
#define CTC_P256_TABLE_ROWS 8
#endif
#endif

#ifndef CTC_P384_TABLE_ROWS
#if CTC_EC_TABLE_DEFAULT_ == 0
#define CTC_P384_TABLE_ROWS 2
#elif CTC_EC_TABLE_DEFAULT_ == 2 && CTC_EC_COMB_WIN == 7
#define CTC_P384_TABLE_ROWS 55
#elif CTC_EC_TABLE_DEFAULT_ == 2 && CTC_EC_COMB_WIN == 5
#define CTC_P384_TABLE_ROWS 77
#elif CTC_EC_TABLE_DEFAULT_ == 2
#define CTC_P384_TABLE_ROWS 96
#else
#define CTC_P384_TABLE_ROWS 8
#endif
#endif

#endif /* CTCRYPTO_CONFIG_H */

/*
 * mp_lookup_arm.S - the constant-time scan of a table of limb vectors
 * (mp.h, mp_limbs_lookup: the point tables of ec_mul and ec_mul_base, the
 * window table of mp_exp) for 32-bit Arm with UMAAL and MLS (Cortex-M4,
 * M7; the A/R profiles from Armv7). Its C twin is ct_limbs_lookup
 * (src/ct/ct.c): the same result for every input, compared by
 * tests/unit/test_ec_mul.c (the point tables' sizes and mp_exp's).
 *
 * void mp_limbs_lookup_asm(ct_limb_t *X, const ct_limb_t *table,
 *                          size_t count, size_t n, size_t index)
 * X = entry `index` of count entries of n limbs (n a multiple of 4, at
 * least 4; count even, at least 2); an index >= count gives zeros. Every
 * word of every entry is read, in order, whatever the index.
 *
 * Four words of X at a time, in r4-r7, over all entries: d counts down
 * from the index, and SUBS d, d, #1 borrows exactly at the selected entry
 * (d = 0), so SBC m, m, m makes m = -1 there and 0 elsewhere; MLS acc,
 * word, m, acc adds the word where m = -1 and nothing elsewhere. One LDM,
 * four MLS and three other instructions per entry and group, and the
 * loop's compare and branch per two entries (the 16-entry scans of k G
 * and k P; Cortex-M4: P-256 key generation 549.3 k -> 542.6 k cycles,
 * ECDH 1.284 M -> 1.274 M). MLS takes a time independent of its operands
 * on these cores (one cycle on Cortex-M4). Unified syntax, one text for
 * A32 and Thumb-2; the branches are the two loops' back-edges (the public
 * count and n), no IT block, no address from a value. Not built with
 * PROFILE=small, which scans with ct_limbs_lookup (mp.h).
 */
#include "mp/mp_arch.h"

#if defined(MP_ASM_UMAAL) && (defined(__thumb2__) || __ARM_ARCH >= 7) && !CTC_PROFILE_SMALL

        .syntax unified
#if defined(__thumb__)
        .thumb
#define MP_FUNC .thumb_func
#else
        .arm
#define MP_FUNC
#endif

        .section .text.mp_limbs_lookup_asm,"ax",%progbits
        .globl  mp_limbs_lookup_asm
        .type   mp_limbs_lookup_asm,%function
        .p2align 2
        MP_FUNC
mp_limbs_lookup_asm:
        push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}
        sub     sp, sp, #12
        /* frame: [sp] X (advances), [sp, #4] groups left, [sp, #8] the
         * table's bytes; the index is the fifth argument, at [sp, #48] */
        lsl     r3, r3, #2              /* r3: an entry's bytes (stride) */
        str     r0, [sp, #0]
        lsr     r12, r3, #4             /* n / 4 groups */
        str     r12, [sp, #4]
        mul     r2, r2, r3              /* count * stride */
        str     r2, [sp, #8]
1:      /* one group: words 4g..4g+3 of every entry; r1 its first word */
        ldr     r12, [sp, #48]          /* d = index */
        mov     r0, r1
        ldr     r2, [sp, #8]
        add     r2, r2, r1              /* past the group's last entry */
        mov     r4, #0
        mov     r5, #0
        mov     r6, #0
        mov     r7, #0
2:      /* two entries per pass (count is even) */
        ldm     r0, {r8, r9, r10, r11}
        add     r0, r0, r3
        subs    r12, r12, #1            /* borrow iff d = 0 */
        sbc     lr, lr, lr              /* -1 at the selected entry, else 0 */
        mls     r4, r8, lr, r4
        mls     r5, r9, lr, r5
        mls     r6, r10, lr, r6
        mls     r7, r11, lr, r7
        ldm     r0, {r8, r9, r10, r11}
        add     r0, r0, r3
        subs    r12, r12, #1
        sbc     lr, lr, lr
        mls     r4, r8, lr, r4
        mls     r5, r9, lr, r5
        mls     r6, r10, lr, r6
        mls     r7, r11, lr, r7
        cmp     r0, r2
        bne     2b
        ldr     lr, [sp, #0]
        stm     lr!, {r4, r5, r6, r7}
        str     lr, [sp, #0]
        add     r1, r1, #16
        ldr     r12, [sp, #4]
        subs    r12, r12, #1
        str     r12, [sp, #4]
        bne     1b
        add     sp, sp, #12
        pop     {r4, r5, r6, r7, r8, r9, r10, r11, pc}
        .size   mp_limbs_lookup_asm, .-mp_limbs_lookup_asm

#if defined(__ELF__)
        .section .note.GNU-stack,"",%progbits
#endif

#endif

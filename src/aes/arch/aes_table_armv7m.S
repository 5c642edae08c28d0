/*
 * aes_table_armv7m.S - counter mode of the T-table AES cores, NOT CONSTANT
 * TIME, in Thumb-2 for Armv7-M and Armv7E-M (Cortex-M3, M4, M7):
 *
 *   void aes_tbl_ctr_run_armv7m_vartime(const aes_tbl_run *r,
 *                                       uint8_t *out, const uint8_t *in,
 *                                       size_t n);
 *
 * out = in ^ the key stream of n >= 1 blocks of a run whose counter blocks
 * differ in byte 15 only (aes_impl.h; r->b15 + n <= 256); in and out
 * 4-byte aligned. Its C twin is aes_tbl_ctr_run_c_vartime (aes_table.c),
 * compared on random keys, counters and lengths by tests/unit/test_aes.c.
 *
 * Every table read is at an address made of key and data bytes: this code
 * leaks the key through timing wherever a memory read's time depends on
 * its address (docs/aes.md, "The table cores"). Built only with a T-table
 * core (CTC_AES_TABLE 1, 2, 3), never in the constant-time builds.
 *
 * One table, Te0: Te_r[x] is Te0[x] rotated left by 8 r, i.e. the EOR's
 * operand rotated right by 32 - 8 r, so the barrel shifter does the
 * rotations and one base register (r8) serves every lookup. The state is
 * in r0-r3 and r4-r7 (one round reads one set and writes the other), the
 * round keys are read at fixed offsets from r9, and r10-r12, lr hold the
 * four byte indices of a column, then its four table words: the four
 * extractions come first and the five loads (round key and lookups)
 * follow each other, so that on Cortex-M4 the loads pipeline (6 cycles for
 * 5) and no load waits for the address the instruction just before it
 * made. Rounds 0 and 1 and most of round 2 come from the run's cache
 * (aes_tbl_run): per block 1 + 4 lookups, then rounds 3 .. rounds - 1 (16
 * lookups each) and the last round, whose S(x) is byte 1 of Te0[x]
 * (LDRB from Te0 + 1). Out, in, the count, the block's byte 15 and the
 * cache live in a 52-byte stack frame, wiped before the return. With the
 * unrolled variant (CTC_AES_TABLE_UNROLLED) every round is written out;
 * with the flash and RAM variants, which are the smaller ones, rounds 4 ..
 * rounds - 1 run two per pass of a loop.
 */
#include "ctcrypto/config.h"
#if defined(__arm__) && defined(__thumb2__) \
    && (defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__)) \
    && !CTC_NO_ASM && CTC_AES && CTC_AES_TABLE \
    && CTC_AES_TABLE != CTC_AES_TABLE_SBOX
        .syntax unified
        .thumb

/* frame offsets */
#define F_OUT    0
#define F_IN     4
#define F_N      8
#define F_CUR    12     /* byte 15 of the block's counter */
#define F_KB     16
#define F_C0     20
#define F_P      24     /* p[0..3] */
#define F_KLAST  40     /* unrolled: ek + 16 (rounds - 10), the last round key
                         * at +160; else ek + 16 (rounds - 4), the loop's end */
#define F_ROUNDS 44
#define F_EK     48
#define F_SIZE   52

/* one column of a full round: o = key ^ Te0[x0 b0] ^ Te1[x1 b1]
 * ^ Te2[x2 b2] ^ Te3[x3 b3] */
        .macro  COL x0, x1, x2, x3, o, off
        uxtb    r10, \x0
        uxtb    r11, \x1, ror #8
        uxtb    r12, \x2, ror #16
        lsr     lr, \x3, #24
        ldr     \o, [r9, #\off]
        ldr     r10, [r8, r10, lsl #2]
        ldr     r11, [r8, r11, lsl #2]
        ldr     r12, [r8, r12, lsl #2]
        ldr     lr, [r8, lr, lsl #2]
        eor     \o, \o, r10
        eor     \o, \o, r11, ror #24
        eor     \o, \o, r12, ror #16
        eor     \o, \o, lr, ror #8
        .endm

/* a full round: column c takes row r from column c + r (ShiftRows) */
        .macro  ROUND a0, a1, a2, a3, b0, b1, b2, b3, off
        COL     \a0, \a1, \a2, \a3, \b0, (\off)
        COL     \a1, \a2, \a3, \a0, \b1, (\off + 4)
        COL     \a2, \a3, \a0, \a1, \b2, (\off + 8)
        COL     \a3, \a0, \a1, \a2, \b3, (\off + 12)
        .endm

/* one column of the last round, r8 = Te0 + 1: S(x) is that byte */
        .macro  LCOL x0, x1, x2, x3, o, off
        uxtb    r10, \x0
        uxtb    r11, \x1, ror #8
        uxtb    r12, \x2, ror #16
        lsr     lr, \x3, #24
        ldr     \o, [r9, #\off]
        ldrb    r10, [r8, r10, lsl #2]
        ldrb    r11, [r8, r11, lsl #2]
        ldrb    r12, [r8, r12, lsl #2]
        ldrb    lr, [r8, lr, lsl #2]
        eor     \o, \o, r10
        eor     \o, \o, r11, lsl #8
        eor     \o, \o, r12, lsl #16
        eor     \o, \o, lr, lsl #24
        .endm

        .section .text.aes_tbl_ctr_run_armv7m_vartime,"ax",%progbits
        .globl  aes_tbl_ctr_run_armv7m_vartime
        .type   aes_tbl_ctr_run_armv7m_vartime,%function
        .p2align 2
        .thumb_func
aes_tbl_ctr_run_armv7m_vartime:
        push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}
        sub     sp, sp, #F_SIZE
        str     r1, [sp, #F_OUT]
        str     r2, [sp, #F_IN]
        str     r3, [sp, #F_N]
        ldr     r9, [r0, #0]            /* ek */
        ldr     r8, [r0, #4]            /* Te0 */
        ldr     r4, [r0, #8]            /* rounds */
        ldr     r5, [r0, #12]           /* b15 */
        ldr     r6, [r0, #16]           /* kb */
        ldr     r7, [r0, #20]           /* c0 */
        str     r9, [sp, #F_EK]
        str     r4, [sp, #F_ROUNDS]
        str     r5, [sp, #F_CUR]
        str     r6, [sp, #F_KB]
        str     r7, [sp, #F_C0]
#if CTC_AES_TABLE == CTC_AES_TABLE_UNROLLED
        sub     r4, r4, #10             /* ek + 16 (rounds - 10) */
#else
        sub     r4, r4, #4              /* ek + 16 (rounds - 4): the loop's end */
#endif
        add     r4, r9, r4, lsl #4
        str     r4, [sp, #F_KLAST]
        ldr     r4, [r0, #24]
        ldr     r5, [r0, #28]
        ldr     r6, [r0, #32]
        ldr     r7, [r0, #36]
        add     r0, sp, #F_P
        stm     r0, {r4, r5, r6, r7}
.Lblock:
        /* rounds 0 and 1: t0 = c0 ^ Te3[cur ^ kb] (cur, kb < 256) */
        ldr     r10, [sp, #F_CUR]
        ldr     r11, [sp, #F_KB]
        ldr     r12, [sp, #F_C0]
        add     lr, r10, #1
        eor     r10, r10, r11
        str     lr, [sp, #F_CUR]
        ldr     r10, [r8, r10, lsl #2]
        eor     r12, r12, r10, ror #8
        /* round 2: s_j = p[j] ^ the term of t0 in column j */
        uxtb    r0, r12
        lsr     r1, r12, #24
        uxtb    r2, r12, ror #16
        uxtb    r3, r12, ror #8
        ldr     r0, [r8, r0, lsl #2]
        ldr     r1, [r8, r1, lsl #2]
        ldr     r2, [r8, r2, lsl #2]
        ldr     r3, [r8, r3, lsl #2]
        ldr     r10, [sp, #F_P]
        ldr     r11, [sp, #F_P + 4]
        ldr     r12, [sp, #F_P + 8]
        ldr     lr, [sp, #F_P + 12]
        eor     r0, r10, r0             /* Te0[t0 b0] */
        eor     r1, r11, r1, ror #8     /* Te3[t0 b3] */
        eor     r2, r12, r2, ror #16    /* Te2[t0 b2] */
        eor     r3, lr, r3, ror #24     /* Te1[t0 b1] */
#if CTC_AES_TABLE == CTC_AES_TABLE_UNROLLED
        /* rounds 3 .. 9 */
        ROUND   r0, r1, r2, r3, r4, r5, r6, r7, 48
        ROUND   r4, r5, r6, r7, r0, r1, r2, r3, 64
        ROUND   r0, r1, r2, r3, r4, r5, r6, r7, 80
        ROUND   r4, r5, r6, r7, r0, r1, r2, r3, 96
        ROUND   r0, r1, r2, r3, r4, r5, r6, r7, 112
        ROUND   r4, r5, r6, r7, r0, r1, r2, r3, 128
        ROUND   r0, r1, r2, r3, r4, r5, r6, r7, 144
        /* rounds 10, 11 (AES-192, AES-256) and 12, 13 (AES-256): the
         * round count is public */
        ldr     r10, [sp, #F_ROUNDS]
        cmp     r10, #10
        beq     .Llast
        ROUND   r4, r5, r6, r7, r0, r1, r2, r3, 160
        ROUND   r0, r1, r2, r3, r4, r5, r6, r7, 176
        ldr     r10, [sp, #F_ROUNDS]
        cmp     r10, #12
        beq     .Llast
        ROUND   r4, r5, r6, r7, r0, r1, r2, r3, 192
        ROUND   r0, r1, r2, r3, r4, r5, r6, r7, 208
.Llast:
        ldr     r9, [sp, #F_KLAST]
#else
        /* round 3, then rounds 4 .. rounds - 1 two per pass (3, 4 or 5
         * passes: the round count is public), r9 advancing by 32 */
        ROUND   r0, r1, r2, r3, r4, r5, r6, r7, 48
.Lpair:
        ROUND   r4, r5, r6, r7, r0, r1, r2, r3, 64
        ROUND   r0, r1, r2, r3, r4, r5, r6, r7, 80
        ldr     r10, [sp, #F_KLAST]
        add     r9, r9, #32
        cmp     r9, r10
        bne     .Lpair
        /* r9 = ek + 16 (rounds - 4); less 96, the last round key is at
         * r9 + 160, as in the unrolled code */
        sub     r9, r9, #96
#endif
        add     r8, r8, #1
        LCOL    r4, r5, r6, r7, r0, 160
        LCOL    r5, r6, r7, r4, r1, 164
        LCOL    r6, r7, r4, r5, r2, 168
        LCOL    r7, r4, r5, r6, r3, 172
        sub     r8, r8, #1
        ldr     r9, [sp, #F_EK]
        /* out = in ^ the block */
        ldr     r10, [sp, #F_IN]
        ldr     r11, [sp, #F_OUT]
        ldr     r12, [sp, #F_N]
        ldr     r4, [r10, #0]
        ldr     r5, [r10, #4]
        ldr     r6, [r10, #8]
        ldr     r7, [r10, #12]
        eor     r0, r0, r4
        eor     r1, r1, r5
        eor     r2, r2, r6
        eor     r3, r3, r7
        str     r0, [r11, #0]
        str     r1, [r11, #4]
        str     r2, [r11, #8]
        str     r3, [r11, #12]
        add     r10, r10, #16
        add     r11, r11, #16
        str     r10, [sp, #F_IN]
        str     r11, [sp, #F_OUT]
        subs    r12, r12, #1
        str     r12, [sp, #F_N]
        bne     .Lblock
        /* wipe the frame (the cache is made of the key) */
        movs    r0, #0
        movs    r1, #0
        movs    r2, #0
        movs    r3, #0
        stm     sp, {r0, r1, r2, r3}
        add     r4, sp, #16
        stm     r4, {r0, r1, r2, r3}
        add     r4, sp, #32
        stm     r4, {r0, r1, r2, r3}
        str     r0, [sp, #48]
        add     sp, sp, #F_SIZE
        pop     {r4, r5, r6, r7, r8, r9, r10, r11, pc}
        .size   aes_tbl_ctr_run_armv7m_vartime, .-aes_tbl_ctr_run_armv7m_vartime
#endif

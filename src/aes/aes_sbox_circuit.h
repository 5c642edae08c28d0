/*
 * aes_sbox_circuit.h - SubBytes without its affine constant, S(x) + 0x63,
 * on every bit position of eight words, written once over a word type for
 * the bitsliced cores: aes_ct32.c (32-bit words), aes_ct64_body.h (64-bit
 * words, and four 64-bit lanes of a YMM register in the AVX2 leaf).
 *
 * The circuit is the top linear layer and the nonlinear middle of the
 * Boyar-Peralta circuit, whose inputs U0..U7 and outputs S0..S7 are the
 * bits of a byte from the most significant down (U0 = bit 7 = q[7]); its
 * bottom linear layer, which makes each S_i the XOR of some of m46..m63,
 * is written here with 33 XORs instead of the paper's 38 gates (found by
 * Paar's greedy method, which extracts the pair of terms shared by most
 * outputs, repeated with random ties; of those, the one whose assembly
 * round spills least: docs/aes.md), and without its four XNORs (the
 * constant). 123 gates, each an AND or a XOR of two words: nothing here
 * depends on the word's width, so every core runs the same sequence.
 *
 * The including file defines AES_SBOX_W (the word type), AES_SBOX_FN (the
 * storage class and attributes) and AES_SBOX_NAME (the function's name)
 * and includes this once; the macros are undefined at the end.
 */

AES_SBOX_FN void AES_SBOX_NAME(AES_SBOX_W q[8])
{
    AES_SBOX_W u0 = q[7], u1 = q[6], u2 = q[5], u3 = q[4];
    AES_SBOX_W u4 = q[3], u5 = q[2], u6 = q[1], u7 = q[0];
    AES_SBOX_W t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14;
    AES_SBOX_W t15, t16, t17, t18, t19, t20, t21, t22, t23, t24, t25, t26, t27;
    AES_SBOX_W m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14;
    AES_SBOX_W m15, m16, m17, m18, m19, m20, m21, m22, m23, m24, m25, m26;
    AES_SBOX_W m27, m28, m29, m30, m31, m32, m33, m34, m35, m36, m37, m38;
    AES_SBOX_W m39, m40, m41, m42, m43, m44, m45, m46, m47, m48, m49, m50;
    AES_SBOX_W m51, m52, m53, m54, m55, m56, m57, m58, m59, m60, m61, m62, m63;
    AES_SBOX_W l0, l1, l2, l3, l4, l5, l6, l7, l8, l9, l10, l11, l12, l13;
    AES_SBOX_W l14, l15, l16, l17, l18, l19, l20, l21, l22, l23, l24;
    AES_SBOX_W s0, s1, s2, s3, s4, s5, s6, s7;

    /* top linear layer */
    t1 = u0 ^ u3;
    t2 = u0 ^ u5;
    t3 = u0 ^ u6;
    t4 = u3 ^ u5;
    t5 = u4 ^ u6;
    t6 = t1 ^ t5;
    t7 = u1 ^ u2;
    t8 = u7 ^ t6;
    t9 = u7 ^ t7;
    t10 = t6 ^ t7;
    t11 = u1 ^ u5;
    t12 = u2 ^ u5;
    t13 = t3 ^ t4;
    t14 = t6 ^ t11;
    t15 = t5 ^ t11;
    t16 = t5 ^ t12;
    t17 = t9 ^ t16;
    t18 = u3 ^ u7;
    t19 = t7 ^ t18;
    t20 = t1 ^ t19;
    t21 = u6 ^ u7;
    t22 = t7 ^ t21;
    t23 = t2 ^ t22;
    t24 = t2 ^ t10;
    t25 = t20 ^ t17;
    t26 = t3 ^ t16;
    t27 = t1 ^ t12;

    /* shared nonlinear middle: the inversion in GF(2^8) */
    m1 = t13 & t6;
    m2 = t23 & t8;
    m3 = t14 ^ m1;
    m4 = t19 & u7;
    m5 = m4 ^ m1;
    m6 = t3 & t16;
    m7 = t22 & t9;
    m8 = t26 ^ m6;
    m9 = t20 & t17;
    m10 = m9 ^ m6;
    m11 = t1 & t15;
    m12 = t4 & t27;
    m13 = m12 ^ m11;
    m14 = t2 & t10;
    m15 = m14 ^ m11;
    m16 = m3 ^ m2;
    m17 = m5 ^ t24;
    m18 = m8 ^ m7;
    m19 = m10 ^ m15;
    m20 = m16 ^ m13;
    m21 = m17 ^ m15;
    m22 = m18 ^ m13;
    m23 = m19 ^ t25;
    m24 = m22 ^ m23;
    m25 = m22 & m20;
    m26 = m21 ^ m25;
    m27 = m20 ^ m21;
    m28 = m23 ^ m25;
    m29 = m28 & m27;
    m30 = m26 & m24;
    m31 = m20 & m23;
    m32 = m27 & m31;
    m33 = m27 ^ m25;
    m34 = m21 & m22;
    m35 = m24 & m34;
    m36 = m24 ^ m25;
    m37 = m21 ^ m29;
    m38 = m32 ^ m33;
    m39 = m23 ^ m30;
    m40 = m35 ^ m36;
    m41 = m38 ^ m40;
    m42 = m37 ^ m39;
    m43 = m37 ^ m38;
    m44 = m39 ^ m40;
    m45 = m42 ^ m41;
    m46 = m44 & t6;
    m47 = m40 & t8;
    m48 = m39 & u7;
    m49 = m43 & t16;
    m50 = m38 & t9;
    m51 = m37 & t17;
    m52 = m42 & t15;
    m53 = m45 & t27;
    m54 = m41 & t10;
    m55 = m44 & t13;
    m56 = m40 & t23;
    m57 = m39 & t19;
    m58 = m43 & t3;
    m59 = m38 & t22;
    m60 = m37 & t20;
    m61 = m42 & t1;
    m62 = m45 & t4;
    m63 = m41 & t2;

    /* bottom linear layer (see above) */
    l0 = m61 ^ m62;
    l1 = m56 ^ l0;
    l2 = m55 ^ l1;
    l3 = m49 ^ m50;
    l4 = m46 ^ m48;
    l5 = m54 ^ m58;
    l6 = m47 ^ l2;
    l7 = m60 ^ l5;
    l8 = m46 ^ l6;
    l9 = m52 ^ m53;
    l10 = m59 ^ l0;
    l11 = m50 ^ m51;
    l12 = l4 ^ l7;
    l13 = m52 ^ m61;
    l14 = m57 ^ l1;
    l15 = m49 ^ m51;
    l16 = l2 ^ l9;
    l17 = l3 ^ l14;
    l18 = l12 ^ l13;
    l19 = l4 ^ l10;
    l20 = m53 ^ l10;
    l21 = l11 ^ l20;
    l22 = l6 ^ l11;
    s4 = m48 ^ l22;
    l23 = l15 ^ l19;
    l24 = m53 ^ l12;
    s3 = l3 ^ l8;
    s1 = l8 ^ l9;
    s5 = l17 ^ l24;
    s6 = l5 ^ l21;
    s0 = l3 ^ l16;
    s7 = m58 ^ l23;
    s2 = m63 ^ l18;

    q[7] = s0;
    q[6] = s1;
    q[5] = s2;
    q[4] = s3;
    q[3] = s4;
    q[2] = s5;
    q[1] = s6;
    q[0] = s7;
}

#undef AES_SBOX_W
#undef AES_SBOX_FN
#undef AES_SBOX_NAME

/*
 * mp_cpu.c - the run-time choice of the x86-64 row (MP_X86_CPUID in
 * mp_arch.h; mp_x86_mulx in mp.h).
 *
 * CPUID is asked once and the answer cached in a static word; two threads
 * that race on the first call store the same value. Which row runs depends
 * on the CPU only, never on the data.
 */
#include "mp.h"

#if MP_X86_CPUID
#include "common/cpu.h"

#define MULX_KNOWN 2u
#define MULX_YES 1u

unsigned mp_x86_mulx_state;            /* MULX_KNOWN | MULX_YES once asked */
static unsigned mulx_allowed = 1;      /* tests restrict this */

unsigned mp_x86_mulx_detect(void)
{
    uint32_t r[4];
    unsigned yes;

    ctc_cpuid(7, 0, r);
    /* CPUID.(EAX=7,ECX=0):EBX bit 8 BMI2 (MULX), bit 19 ADX (ADCX/ADOX) */
    yes = ((r[1] >> 8) & 1) & ((r[1] >> 19) & 1) & mulx_allowed;
    mp_x86_mulx_state = MULX_KNOWN | yes;
    return yes;
}

int mp_x86_mulx_allow(int allowed)
{
    int old = (int)mulx_allowed;

    mulx_allowed = allowed ? 1u : 0u;
    mp_x86_mulx_detect();
    return old;
}
#endif

/*
 * mp_cpu.c - the run-time choice of the x86-64 row (MP_X86_CPUID in
 * mp_arch.h; mp_x86_mulx in mp.h).
 *
 * What the CPU has comes from ctc_cpu_features() (common/cpu.h), asked
 * once; the row's choice is cached in a static word (two threads that race
 * on the first call store the same value). Which row runs depends
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
    unsigned f = ctc_cpu_features(), yes;

    /* the row needs BMI2 (MULX) and ADX (ADCX/ADOX) */
    yes = ((f & CTC_CPU_X86_BMI2) && (f & CTC_CPU_X86_ADX)) ? mulx_allowed : 0u;
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

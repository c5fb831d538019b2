/* Device printf's formatter and buffer (issue 22 item 2, exec/devprintf.c):
 * every conversion, flag, width, precision and length modifier, and the
 * specifications CUDA prints as written, against what an H100 printed and
 * returned for the same calls (CUDA 13.0, driver 580; tests/device/ has the
 * program), recorded here as literals, so the test asserts the same bytes on
 * every host. Where CUDA's output is unspecified (the hh modifier) the want
 * is C99's (devprintf.h). The arguments are laid out as nvcc lays out
 * vprintf's argument buffer: each at an offset aligned to its size, int and
 * char 4 bytes, long long, double and pointers 8. Also the 32-argument
 * return value, a null format, a failing read, output cut at the buffer's
 * room, and the buffer's thread order and overflow. */
#include "check.h"

#include "exec/devprintf.h"

/* A small device memory: the format at FMT, the arguments at ARGS, a %s
 * string at STR; any other address fails to read. */
#define FMT 0x1000u
#define ARGS 0x2000u
#define STRING 0x3000u
#define MEM_BYTES 0x4000u
static uint8_t mem[MEM_BYTES];
static uint32_t reads_failed;

static int read_mem(void *context, uint64_t address, unsigned bytes, uint64_t *value)
{
    unsigned i;
    (void)context;
    if (address < FMT || address + bytes > MEM_BYTES) {
        reads_failed++;
        return 0;
    }
    *value = 0;
    for (i = 0; i < bytes; i++)
        *value |= (uint64_t)mem[address + i] << (8u * i);
    return 1;
}

typedef struct pf_case {
    const char *format;
    const char *types;    /* per argument: i int, c char, l 64-bit, d double, s string */
    uint64_t values[5];   /* s: 1 = `string` at STRING, 0 = a null pointer */
    const char *string;
    int count;            /* what printf returns: the arguments it read */
    uint32_t length;      /* of want (a %c of 0 prints a NUL) */
    const char *want;
} pf_case;

static const pf_case cases[] = {
    {"%d", "i", {0xfffffffffffffffbull, 0, 0, 0, 0}, NULL, 1, 2, "-5"},
    {"%5.3d", "i", {0x7ull, 0, 0, 0, 0}, NULL, 1, 5, "  007"},
    {"%-05d|", "i", {0x3ull, 0, 0, 0, 0}, NULL, 1, 6, "3    |"},
    {"%+.0d", "i", {0x0ull, 0, 0, 0, 0}, NULL, 1, 1, "+"},
    {"%#o", "i", {0x0ull, 0, 0, 0, 0}, NULL, 1, 1, "0"},
    {"%#o", "i", {0x8ull, 0, 0, 0, 0}, NULL, 1, 3, "010"},
    {"%#.0o", "i", {0x0ull, 0, 0, 0, 0}, NULL, 1, 1, "0"},
    {"%#x", "i", {0x0ull, 0, 0, 0, 0}, NULL, 1, 1, "0"},
    {"%#X", "i", {0xffull, 0, 0, 0, 0}, NULL, 1, 4, "0XFF"},
    {"% d", "i", {0x5ull, 0, 0, 0, 0}, NULL, 1, 2, " 5"},
    {"%hhd", "i", {0x12cull, 0, 0, 0, 0}, NULL, 1, 2, "44"},
    {"%hd", "i", {0x11170ull, 0, 0, 0, 0}, NULL, 1, 4, "4464"},
    {"%u", "i", {0xffffffffffffffffull, 0, 0, 0, 0}, NULL, 1, 10, "4294967295"},
    {"%08.3x", "i", {0x1full, 0, 0, 0, 0}, NULL, 1, 8, "     01f"},
    {"%x", "i", {0x0ull, 0, 0, 0, 0}, NULL, 1, 1, "0"},
    {"%.0x", "i", {0x0ull, 0, 0, 0, 0}, NULL, 1, 0, ""},
    {"%i", "i", {0x7fffffffull, 0, 0, 0, 0}, NULL, 1, 10, "2147483647"},
    {"%d", "i", {0xffffffff80000000ull, 0, 0, 0, 0}, NULL, 1, 11, "-2147483648"},
    {"%+5d", "i", {0x2aull, 0, 0, 0, 0}, NULL, 1, 5, "  +42"},
    {"% 05d", "i", {0xffffffffffffffd6ull, 0, 0, 0, 0}, NULL, 1, 5, "-0042"},
    {"%o", "i", {0x1ffull, 0, 0, 0, 0}, NULL, 1, 3, "777"},
    {"%hhu", "i", {0xffffffffffffffffull, 0, 0, 0, 0}, NULL, 1, 3, "255"},
    {"%hx", "i", {0x12345ull, 0, 0, 0, 0}, NULL, 1, 4, "2345"},
    {"%.10d", "i", {0xffffffffffffff85ull, 0, 0, 0, 0}, NULL, 1, 11, "-0000000123"},
    {"%-+8d|", "i", {0x9ull, 0, 0, 0, 0}, NULL, 1, 9, "+9      |"},
    {"%X", "i", {0xabcdefull, 0, 0, 0, 0}, NULL, 1, 6, "ABCDEF"},
    {"%lu", "l", {0xffffffffffffffffull, 0, 0, 0, 0}, NULL, 1, 20, "18446744073709551615"},
    {"%lld", "l", {0x8000000000000000ull, 0, 0, 0, 0}, NULL, 1, 20, "-9223372036854775808"},
    {"%llx", "l", {0xdeadbeefcafef00dull, 0, 0, 0, 0}, NULL, 1, 16, "deadbeefcafef00d"},
    {"%ld", "l", {0x11f71fb04cbull, 0, 0, 0, 0}, NULL, 1, 13, "1234567890123"},
    {"%zu", "l", {0x2aull, 0, 0, 0, 0}, NULL, 0, 3, "%zu"},
    {"%jd", "l", {0xfffffffffffffff9ull, 0, 0, 0, 0}, NULL, 0, 3, "%jd"},
    {"%p", "l", {0x1234ull, 0, 0, 0, 0}, NULL, 1, 6, "0x1234"},
    {"%p", "l", {0x0ull, 0, 0, 0, 0}, NULL, 1, 5, "(nil)"},
    {"%+p", "l", {0x1234ull, 0, 0, 0, 0}, NULL, 1, 7, "+0x1234"},
    {"%020p", "l", {0x1234ull, 0, 0, 0, 0}, NULL, 1, 20, "0x000000000000001234"},
    {"%10p", "l", {0x0ull, 0, 0, 0, 0}, NULL, 1, 10, "     (nil)"},
    {"%-10p|", "l", {0x10ull, 0, 0, 0, 0}, NULL, 1, 11, "0x10      |"},
    {"%#llo", "l", {0x8ull, 0, 0, 0, 0}, NULL, 1, 3, "010"},
    {"%lli", "l", {0xffffffffffffffffull, 0, 0, 0, 0}, NULL, 1, 2, "-1"},
    {"%.0f", "d", {0x3fe0000000000000ull, 0, 0, 0, 0}, NULL, 1, 1, "0"},
    {"%.0f", "d", {0x4004000000000000ull, 0, 0, 0, 0}, NULL, 1, 1, "2"},
    {"%.0f", "d", {0x3ff8000000000000ull, 0, 0, 0, 0}, NULL, 1, 1, "2"},
    {"%.1f", "d", {0x3fd0000000000000ull, 0, 0, 0, 0}, NULL, 1, 3, "0.2"},
    {"%.2f", "d", {0x3ff0147ae147ae14ull, 0, 0, 0, 0}, NULL, 1, 4, "1.00"},
    {"%g", "d", {0x40f86a0000000000ull, 0, 0, 0, 0}, NULL, 1, 6, "100000"},
    {"%g", "d", {0x412e848000000000ull, 0, 0, 0, 0}, NULL, 1, 5, "1e+06"},
    {"%g", "d", {0x3ee4f8b588e368f1ull, 0, 0, 0, 0}, NULL, 1, 5, "1e-05"},
    {"%#g", "d", {0x3ff0000000000000ull, 0, 0, 0, 0}, NULL, 1, 7, "1.00000"},
    {"%g", "d", {0x3f1a36e2eb1c432dull, 0, 0, 0, 0}, NULL, 1, 6, "0.0001"},
    {"%.0e", "d", {0x4039000000000000ull, 0, 0, 0, 0}, NULL, 1, 5, "2e+01"},
    {"%e", "d", {0x0000000000000000ull, 0, 0, 0, 0}, NULL, 1, 12, "0.000000e+00"},
    {"%f", "d", {0x7ff0000000000000ull, 0, 0, 0, 0}, NULL, 1, 3, "inf"},
    {"%F", "d", {0xfff0000000000000ull, 0, 0, 0, 0}, NULL, 1, 4, "-INF"},
    {"%010f", "d", {0x7ff0000000000000ull, 0, 0, 0, 0}, NULL, 1, 10, "       inf"},
    {"%010.3f", "d", {0xc00921f9f01b866eull, 0, 0, 0, 0}, NULL, 1, 10, "-00003.142"},
    {"%-+10.2e|", "d", {0x40c81cd6c8b43958ull, 0, 0, 0, 0}, NULL, 1, 11, "+1.23e+04 |"},
    {"%#.0f", "d", {0x4008000000000000ull, 0, 0, 0, 0}, NULL, 1, 2, "3."},
    {"%#.0e", "d", {0x4008000000000000ull, 0, 0, 0, 0}, NULL, 1, 6, "3.e+00"},
    {"%.3g", "d", {0x3f202c9dedbc309dull, 0, 0, 0, 0}, NULL, 1, 8, "0.000123"},
    {"%#.3g", "d", {0x3ff0000000000000ull, 0, 0, 0, 0}, NULL, 1, 4, "1.00"},
    {"%g", "d", {0x419d6f3454000000ull, 0, 0, 0, 0}, NULL, 1, 11, "1.23457e+08"},
    {"%g", "d", {0x01a56e1fc2f8f359ull, 0, 0, 0, 0}, NULL, 1, 6, "1e-300"},
    {"%f", "d", {0x7fefffffffffffffull, 0, 0, 0, 0}, NULL, 1, 316,
     "1797693134862315708145274237317043567980705675258449965989174768031572607800285387605895"
     "5863276687817154045895351438246423432132688946418276846754670353751698604991057655128207"
     "6245490090389328944075868508455133942304583236903222948165808559332123348274797826204144"
     "723168738177180919299881250404026184124858368.000000"},
    {"%.20e", "d", {0x0000000000000001ull, 0, 0, 0, 0}, NULL, 1, 27, "4.94065645841246544177e-324"},
    {"%.30e", "d", {0x0010000000000000ull, 0, 0, 0, 0}, NULL, 1, 37,
     "2.225073858507201383090232717332e-308"},
    {"%.60f", "d", {0x3fb999999999999aull, 0, 0, 0, 0}, NULL, 1, 62,
     "0.100000000000000005551115123125782702118158340454101562500000"},
    {"%.17g", "d", {0x3fd5555555555555ull, 0, 0, 0, 0}, NULL, 1, 19, "0.33333333333333331"},
    {"%.0f", "d", {0x43e0000000000000ull, 0, 0, 0, 0}, NULL, 1, 19, "9223372036854775808"},
    {"%a", "d", {0x405edd2f1a9fbe77ull, 0, 0, 0, 0}, NULL, 1, 20, "0x1.edd2f1a9fbe77p+6"},
    {"%.0a", "d", {0x3ff8000000000000ull, 0, 0, 0, 0}, NULL, 1, 6, "0x2p+0"},
    {"%.0a", "d", {0x4004000000000000ull, 0, 0, 0, 0}, NULL, 1, 6, "0x1p+1"},
    {"%.1a", "d", {0x3fff800000000000ull, 0, 0, 0, 0}, NULL, 1, 8, "0x2.0p+0"},
    {"%A", "d", {0x8000000000000000ull, 0, 0, 0, 0}, NULL, 1, 7, "-0X0P+0"},
    {"%a", "d", {0x0000000000000001ull, 0, 0, 0, 0}, NULL, 1, 23, "0x0.0000000000001p-1022"},
    {"%a", "d", {0x000fffffffffffffull, 0, 0, 0, 0}, NULL, 1, 23, "0x0.fffffffffffffp-1022"},
    {"%.3a", "d", {0x3ff0000000000000ull, 0, 0, 0, 0}, NULL, 1, 10, "0x1.000p+0"},
    {"%#.0a", "d", {0x3ff0000000000000ull, 0, 0, 0, 0}, NULL, 1, 7, "0x1.p+0"},
    {"%a", "d", {0x7e37e43c8800759cull, 0, 0, 0, 0}, NULL, 1, 22, "0x1.7e43c8800759cp+996"},
    {"%020a", "d", {0x3fb999999999999aull, 0, 0, 0, 0}, NULL, 1, 20, "0x1.999999999999ap-4"},
    {"%-12.3e|", "d", {0x8000000000000000ull, 0, 0, 0, 0}, NULL, 1, 13, "-0.000e+00  |"},
    {"%g", "d", {0x0000000000000000ull, 0, 0, 0, 0}, NULL, 1, 1, "0"},
    {"%g", "d", {0x8000000000000000ull, 0, 0, 0, 0}, NULL, 1, 2, "-0"},
    {"%.0g", "d", {0x3fe0000000000000ull, 0, 0, 0, 0}, NULL, 1, 3, "0.5"},
    {"%.0g", "d", {0x3ff8000000000000ull, 0, 0, 0, 0}, NULL, 1, 1, "2"},
    {"%g", "d", {0x412e847f00000000ull, 0, 0, 0, 0}, NULL, 1, 5, "1e+06"},
    {"%g", "d", {0x3f1a36e20f35445eull, 0, 0, 0, 0}, NULL, 1, 6, "0.0001"},
    {"%G", "d", {0x3ddb7cdfd9d7bdbbull, 0, 0, 0, 0}, NULL, 1, 5, "1E-10"},
    {"%.15g", "d", {0x3fb999999999999aull, 0, 0, 0, 0}, NULL, 1, 3, "0.1"},
    {"%.17g", "d", {0x3fb999999999999aull, 0, 0, 0, 0}, NULL, 1, 19, "0.10000000000000001"},
    {"%e", "d", {0x54b249ad22834f05ull, 0, 0, 0, 0}, NULL, 1, 13, "1.000000e+100"},
    {"%e", "d", {0x2b2bff2ee48e0530ull, 0, 0, 0, 0}, NULL, 1, 13, "1.000000e-100"},
    {"%f", "d", {0x4480f0cf064dd592ull, 0, 0, 0, 0}, NULL, 1, 30, "10000000000000000000000.000000"},
    {"%.3f", "d", {0x4000010624dd2f1bull, 0, 0, 0, 0}, NULL, 1, 5, "2.001"},
    {"%5.1f", "d", {0x4023eb851eb851ecull, 0, 0, 0, 0}, NULL, 1, 5, " 10.0"},
    {"%.2e", "d", {0x4023fd70a3d70a3dull, 0, 0, 0, 0}, NULL, 1, 8, "9.99e+00"},
    {"%.1f", "d", {0x3fa999999999999aull, 0, 0, 0, 0}, NULL, 1, 3, "0.1"},
    {"%.1f", "d", {0x3fc3333333333333ull, 0, 0, 0, 0}, NULL, 1, 3, "0.1"},
    {"%.1f", "d", {0x3fd0000000000000ull, 0, 0, 0, 0}, NULL, 1, 3, "0.2"},
    {"%.1f", "d", {0x3fd6666666666666ull, 0, 0, 0, 0}, NULL, 1, 3, "0.3"},
    {"%.0f", "d", {0x3fdfffffffffffffull, 0, 0, 0, 0}, NULL, 1, 1, "0"},
    {"%.3e", "d", {0x44b52d02c7e14af6ull, 0, 0, 0, 0}, NULL, 1, 9, "1.000e+23"},
    {"%g", "d", {0x4341c37937e08000ull, 0, 0, 0, 0}, NULL, 1, 5, "1e+16"},
    {"%g", "d", {0x40fe240000000000ull, 0, 0, 0, 0}, NULL, 1, 6, "123456"},
    {"%g", "d", {0x4132d68700000000ull, 0, 0, 0, 0}, NULL, 1, 11, "1.23457e+06"},
    {"%.10g", "d", {0x4132d68700000000ull, 0, 0, 0, 0}, NULL, 1, 7, "1234567"},
    {"%#.5g", "d", {0x4059000000000000ull, 0, 0, 0, 0}, NULL, 1, 6, "100.00"},
    {"%#g", "d", {0x0000000000000000ull, 0, 0, 0, 0}, NULL, 1, 7, "0.00000"},
    {"%+g", "d", {0x7ff0000000000000ull, 0, 0, 0, 0}, NULL, 1, 4, "+inf"},
    {"% e", "d", {0x7ff8000000000000ull, 0, 0, 0, 0}, NULL, 1, 4, " nan"},
    {"%E", "d", {0xfff8000000000000ull, 0, 0, 0, 0}, NULL, 1, 4, "-NAN"},
    {"%f", "d", {0xbe7ad7f29abcaf48ull, 0, 0, 0, 0}, NULL, 1, 9, "-0.000000"},
    {"%.0e", "d", {0x0000000000000000ull, 0, 0, 0, 0}, NULL, 1, 5, "0e+00"},
    {"%.1000f", "d", {0x0000000000000001ull, 0, 0, 0, 0}, NULL, 1, 1002,
     "0.00000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
     "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
     "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
     "0000000000000000000000000000000000000000000000000000000000000494065645841246544176568792"
     "8682213723650598026143247644255856825006755072702087518652998363616359923797965646954457"
     "1773092665671035593979639877479601078187812630071319031140452784581716784898210368871863"
     "6056998730723050006387409153564984387312473397273169615140031715385398074126238565591171"
     "0266585566867681870395603106249319452715914924553293054565444011274801297099995419319894"
     "0908041656332452475714786901472678015935523861155013480352649347201937902681071074917033"
     "3222684475333572083243193609238289345836806010601150616980975307834227731832924790498252"
     "4730776375927247874656084778203734469699533647017972677717585125660551199131504891101451"
     "0378627381672509558373897335989937"},
    {"%.40g", "d", {0x0000000000000001ull, 0, 0, 0, 0}, NULL, 1, 46,
     "4.940656458412465441765687928682213723651e-324"},
    {"%.5a", "d", {0x0000000000000001ull, 0, 0, 0, 0}, NULL, 1, 15, "0x0.00000p-1022"},
    {"%.14a", "d", {0x3ff0000000000000ull, 0, 0, 0, 0}, NULL, 1, 21, "0x1.00000000000000p+0"},
    {"%f", "d", {0x405edd2f1a9fbe77ull, 0, 0, 0, 0}, NULL, 1, 10, "123.456000"},
    {"%e", "d", {0xc05edd2f1a9fbe77ull, 0, 0, 0, 0}, NULL, 1, 13, "-1.234560e+02"},
    {"%g", "d", {0xc05edd2f1a9fbe77ull, 0, 0, 0, 0}, NULL, 1, 8, "-123.456"},
    {"%.2f", "d", {0xbf50624dd2f1a9fcull, 0, 0, 0, 0}, NULL, 1, 5, "-0.00"},
    {"%08.2f", "d", {0xbff8000000000000ull, 0, 0, 0, 0}, NULL, 1, 8, "-0001.50"},
    {"%+.3e", "d", {0x0000000000000000ull, 0, 0, 0, 0}, NULL, 1, 10, "+0.000e+00"},
    {"%lf", "d", {0x44dfe185ca57c517ull, 0, 0, 0, 0}, NULL, 1, 31,
     "602214075999999987023872.000000"},
    {"%.3G", "d", {0x44dfe185ca57c517ull, 0, 0, 0, 0}, NULL, 1, 8, "6.02E+23"},
    {"%c", "c", {0x41ull, 0, 0, 0, 0}, NULL, 1, 1, "A"},
    {"%05c", "c", {0x61ull, 0, 0, 0, 0}, NULL, 1, 5, "    a"},
    {"%-3c|", "c", {0x62ull, 0, 0, 0, 0}, NULL, 1, 4, "b  |"},
    {"%s", "s", {1, 0, 0, 0, 0}, "hello", 1, 5, "hello"},
    {"%.3s", "s", {1, 0, 0, 0, 0}, "hello", 1, 3, "hel"},
    {"%8s", "s", {1, 0, 0, 0, 0}, "hi", 1, 8, "      hi"},
    {"%-8s|", "s", {1, 0, 0, 0, 0}, "hi", 1, 9, "hi      |"},
    {"%s", "s", {0, 0, 0, 0, 0}, NULL, 1, 6, "(null)"},
    {"%.3s", "s", {0, 0, 0, 0, 0}, NULL, 1, 0, ""},
    {"%8s", "s", {0, 0, 0, 0, 0}, NULL, 1, 8, "  (null)"},
    {"%.0s", "s", {1, 0, 0, 0, 0}, "abc", 1, 0, ""},
    {"%.10s", "s", {1, 0, 0, 0, 0}, "short", 1, 5, "short"},
    {"%5%", "", {0, 0, 0, 0, 0}, NULL, 0, 3, "%5%"},
    {"%-5%", "", {0, 0, 0, 0, 0}, NULL, 0, 4, "%-5%"},
    {"100%% sure", "", {0, 0, 0, 0, 0}, NULL, 0, 9, "100% sure"},
    {"plain text", "", {0, 0, 0, 0, 0}, NULL, 0, 10, "plain text"},
    {"%y", "", {0, 0, 0, 0, 0}, NULL, 0, 2, "%y"},
    {"tail %", "", {0, 0, 0, 0, 0}, NULL, 0, 6, "tail %"},
    {"%d %f %s %c %lld|", "idscl",
     {0xffffffffffffffffull, 0x4004000000000000ull, 1, 0x21ull, 0x10000000000ull},
     "str", 5, 32,
     "-1 2.500000 str ! 1099511627776|"},
    {"%*d|", "ii", {0x5ull, 0x2aull, 0, 0, 0}, NULL, 2, 6, "   42|"},
    {"%-*d|", "ii", {0x5ull, 0x2aull, 0, 0, 0}, NULL, 2, 6, "42   |"},
    {"%*d|", "ii", {0xfffffffffffffffbull, 0x2aull, 0, 0, 0}, NULL, 2, 6, "42   |"},
    {"%.*f", "id", {0x2ull, 0x400921f9f01b866eull, 0, 0, 0}, NULL, 0, 4, "%.*f"},
    {"%.*f", "id", {0xffffffffffffffffull, 0x400921f9f01b866eull, 0, 0, 0}, NULL, 0, 4, "%.*f"},
    {"%*.*e|", "iid", {0xcull, 0x3ull, 0xc000000000000000ull, 0, 0}, NULL, 0, 6, "%*.*e|"},
    {"%hhd %hd %d %ld", "iiil",
     {0xffull, 0xffffull, 0xffffffffffffffffull, 0xffffffffffffffffull, 0},
     NULL, 4, 11,
     "-1 -1 -1 -1"},
    {"[%c%c%c]", "ccc", {0x47ull, 0x50ull, 0x55ull, 0, 0}, NULL, 3, 5, "[GPU]"},
    {"x=%d y=%g z=%s", "ids", {0x3ull, 0x3fb999999999999aull, 0, 0, 0}, NULL, 3, 18,
     "x=3 y=0.1 z=(null)"},
    {"%hd|", "i", {0x11170ull, 0, 0, 0, 0}, NULL, 1, 5, "4464|"},
    {"%td|", "l", {0xfffffffffffffffdull, 0, 0, 0, 0}, NULL, 0, 4, "%td|"},
    {"%Lf|", "d", {0x3ff8000000000000ull, 0, 0, 0, 0}, NULL, 0, 4, "%Lf|"},
    {"%qd|", "l", {0x5ull, 0, 0, 0, 0}, NULL, 0, 4, "%qd|"},
    {"%lc|", "c", {0x41ull, 0, 0, 0, 0}, NULL, 1, 2, "A|"},
    {"%n|", "l", {0x0ull, 0, 0, 0, 0}, NULL, 0, 3, "%n|"},
    {"%5|", "", {0, 0, 0, 0, 0}, NULL, 0, 3, "%5|"},
    {"%-|", "", {0, 0, 0, 0, 0}, NULL, 0, 3, "%-|"},
    {"% %|", "", {0, 0, 0, 0, 0}, NULL, 0, 4, "% %|"},
    {"%#%|", "", {0, 0, 0, 0, 0}, NULL, 0, 4, "%#%|"},
    {"%%|", "", {0, 0, 0, 0, 0}, NULL, 0, 2, "%|"},
    {"%y %d|", "i", {0x3ull, 0, 0, 0, 0}, NULL, 1, 5, "%y 3|"},
    {"%c|", "c", {0x0ull, 0, 0, 0, 0}, NULL, 1, 2, "\000|"},
    {"%.10s|", "s", {1, 0, 0, 0, 0}, "abc", 1, 4, "abc|"},
    {"%llu %u|", "li", {0xffffffffffffffffull, 0xffffffffffffffffull, 0, 0, 0}, NULL, 2, 32,
     "18446744073709551615 4294967295|"},
    {"%5.1f%%|", "d", {0x4058e00000000000ull, 0, 0, 0, 0}, NULL, 1, 7, " 99.5%|"},
    {"%lld%%%d|", "li", {0x5ull, 0x6ull, 0, 0, 0}, NULL, 2, 4, "5%6|"},
    {"%I64d|", "l", {0x5ull, 0, 0, 0, 0}, NULL, 0, 6, "%I64d|"},
    {"%hf|", "d", {0x4004000000000000ull, 0, 0, 0, 0}, NULL, 1, 9, "2.500000|"},
    {"%lf %lg %le|", "ddd",
     {0x4004000000000000ull, 0x4004000000000000ull, 0x4004000000000000ull, 0, 0},
     NULL, 3, 26,
     "2.500000 2.5 2.500000e+00|"},
    {"%5s|%-5c|", "sc", {1, 0x7aull, 0, 0, 0}, "ab", 2, 12, "   ab|z    |"},
    {"%08.3e|", "d", {0x4008000000000000ull, 0, 0, 0, 0}, NULL, 1, 10, "3.000e+00|"},
    {"%'d|", "i", {0x12d687ull, 0, 0, 0, 0}, NULL, 0, 4, "%'d|"},
    {"%hhx|", "i", {0x1ffull, 0, 0, 0, 0}, NULL, 1, 3, "ff|"},
    {"%hhu %hhu|", "ii", {0x101ull, 0x3ull, 0, 0, 0}, NULL, 2, 4, "1 3|"},
};

/* nvcc's layout of the argument buffer. */
static void lay_out(const pf_case *c)
{
    uint32_t offset = 0, i, b;
    memset(mem, 0, sizeof mem);
    memcpy(mem + FMT, c->format, strlen(c->format) + 1u);
    if (c->string)
        memcpy(mem + STRING, c->string, strlen(c->string) + 1u);
    for (i = 0; c->types[i]; i++) {
        unsigned bytes = c->types[i] == 'i' || c->types[i] == 'c' ? 4u : 8u;
        uint64_t v = c->types[i] == 's' && c->values[i] ? STRING : c->values[i];
        offset = (offset + bytes - 1u) & ~(bytes - 1u);
        for (b = 0; b < bytes; b++)
            mem[ARGS + offset + b] = (uint8_t)(v >> (8u * b));
        offset += bytes;
    }
}

static void test_conversions_match_cuda(void)
{
    static char out[2048];
    uint32_t i, length;
    int full, n;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const pf_case *c = &cases[i];
        lay_out(c);
        n = gs_devprintf_format(FMT, ARGS, read_mem, NULL, out, sizeof out - 1u, &length, &full);
        out[length] = 0;
        if (length != c->length || memcmp(out, c->want, length) != 0) {
            printf("  case %u: format \"%s\"\n", (unsigned)i, c->format);
            GS_CHECK_STR(c->want, out);
            GS_CHECK_EQ(c->length, length);
        }
        GS_CHECK_EQ(c->count, n);
        GS_CHECK_EQ(0, full);
    }
    GS_CHECK_EQ(0, reads_failed);
}

static void test_null_format_fault_and_cut(void)
{
    char out[8];
    uint32_t length;
    int full;
    static const pf_case c = {"%d and %s", "is", {12345, 1, 0, 0, 0}, "text", 2, 0, ""};
    static char wide[400];
    uint32_t i;
    GS_CHECK_EQ(GS_DEVPRINTF_NULL_FORMAT, gs_devprintf_format(0, ARGS, read_mem, NULL, out,
                                                              sizeof out, &length, &full));
    GS_CHECK_EQ(0, length);
    lay_out(&c);
    /* 14 characters into 8: the first 8 are kept, the call reports it is cut */
    GS_CHECK_EQ(2, gs_devprintf_format(FMT, ARGS, read_mem, NULL, out, sizeof out, &length,
                                       &full));
    GS_CHECK_EQ(8, length);
    GS_CHECK_EQ(1, full);
    GS_CHECK(memcmp(out, "12345 an", 8) == 0);
    /* the arguments' pointer is wild: the read fails, the call says so */
    reads_failed = 0;
    GS_CHECK_EQ(GS_DEVPRINTF_FAULT, gs_devprintf_format(FMT, 0x10, read_mem, NULL, out,
                                                        sizeof out, &length, &full));
    GS_CHECK_EQ(1, reads_failed);
    /* and a format that runs off the memory without a NUL */
    memset(mem + MEM_BYTES - 4u, 'x', 4u);
    GS_CHECK_EQ(GS_DEVPRINTF_FAULT, gs_devprintf_format(MEM_BYTES - 4u, ARGS, read_mem, NULL,
                                                        out, sizeof out, &length, &full));
    GS_CHECK_EQ(2, reads_failed);
    GS_CHECK_EQ(4, length);
    reads_failed = 0;
    /* 33 arguments: all are printed, printf returns 32 as CUDA's does */
    memset(mem, 0, sizeof mem);
    for (i = 0; i < 33u; i++) {
        memcpy(mem + FMT + 3u * i, "%d ", 3u);
        mem[ARGS + 4u * i] = (uint8_t)(i + 1u);
    }
    GS_CHECK_EQ(32, gs_devprintf_format(FMT, ARGS, read_mem, NULL, wide, sizeof wide, &length,
                                        &full));
    GS_CHECK_EQ(9 * 2 + 24 * 3, length);
    GS_CHECK(memcmp(wide + 84, "32 33 ", 6u) == 0);
}

/* Records come back in thread order whatever order the calls ran in; a
 * call that does not fit is dropped whole and counted; empty text keeps no
 * record. */
static void test_buffer_order_and_overflow(void)
{
    static uint64_t storage[64];
    gs_arena arena;
    gs_devprintf_buffer b;
    gs_diag diag;
    static const struct { uint64_t block; uint32_t thread; const char *text; } calls[] = {
        {1, 5, "b1t5 first"}, {0, 7, "b0t7"}, {1, 0, "b1t0"}, {0, 7, "b0t7 again"},
        {0, 2, ""}, {0, 1, "b0t1"}, {1, 5, "b1t5 second"},
    };
    static const char *const want[] = {"b0t1", "b0t7", "b0t7 again", "b1t0", "b1t5 first",
                                       "b1t5 second"};
    uint32_t i, room, length, thread;
    uint64_t block;
    const char *text;
    gs_arena_init(&arena, storage, sizeof storage);
    GS_CHECK_EQ(GS_OK, gs_devprintf_init(&b, 160u, &arena, &diag));
    GS_CHECK_EQ(160u, b.capacity);
    for (i = 0; i < sizeof calls / sizeof calls[0]; i++) {
        char *at = gs_devprintf_text_at(&b, &room);
        size_t n = strlen(calls[i].text);
        GS_CHECK(at != NULL && room >= n);
        memcpy(at, calls[i].text, n);
        gs_devprintf_commit(&b, calls[i].block, calls[i].thread, (uint32_t)n);
    }
    GS_CHECK_EQ(6, b.records);
    GS_CHECK_EQ(4 + 4 + 4 + 10 + 10 + 11, b.text_bytes);
    GS_CHECK_EQ(6 * 16 + 4 + 4 + 4 + 12 + 12 + 12, b.used);
    gs_devprintf_sort(&b);
    for (i = 0; i < 6u; i++) {
        char shown[32];
        text = gs_devprintf_record(&b, i, &length, &block, &thread);
        memcpy(shown, text, length);
        shown[length] = 0;
        GS_CHECK_STR(want[i], shown);
    }
    text = gs_devprintf_record(&b, 0, &length, &block, &thread);
    GS_CHECK_EQ(0, block);
    GS_CHECK_EQ(1, thread);
    /* 16 bytes are left: a header, no room for text */
    GS_CHECK(gs_devprintf_text_at(&b, &room) == NULL);
    GS_CHECK_EQ(0, room);
    gs_devprintf_clear(&b);
    GS_CHECK_EQ(0, b.used);
    GS_CHECK_EQ(0, b.records);
    GS_CHECK(gs_devprintf_text_at(&b, &room) != NULL);
    GS_CHECK_EQ(144, room);
    GS_CHECK_EQ(gs_arena_round(160u) + gs_arena_round(10u * 4u), gs_devprintf_bytes(160u));
    GS_CHECK_EQ(0, gs_devprintf_bytes(0));
}

int main(void)
{
    GS_RUN(test_conversions_match_cuda);
    GS_RUN(test_null_format_fault_and_cut);
    GS_RUN(test_buffer_order_and_overflow);
    return gs_check_report();
}

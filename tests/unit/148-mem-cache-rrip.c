/*
 * Cache policies SRRIP, BRRIP and DRRIP (src/mem/policy_srrip.c,
 * policy_drrip.c; Jaleel et al., ISCA 2010) and the insertion hint of LRU,
 * FIFO and SRRIP (mem/cache_policy.h): victim sequences of hand-written
 * access strings, computed by hand in the comments, with the RRPVs, PSEL and
 * the followers' policy checked along the way; BRRIP's epsilon draws at the
 * default 1/32 checked against the PRNG stream computed here independently.
 *
 * Access strings: one letter per read of a line (letter L is line
 * (L - 'A') x 128, so with a linear index of S sets it falls in set
 * (L - 'A') % S); a lower-case letter is the same line read with
 * insert_hint 1. Every miss is filled at once. Expected strings: '-' hit,
 * '.' a miss that evicted nothing, else the letter of the evicted line.
 */
#include "cache_harness.h"
#include "base/prng.h"

static gs_cache cache, cache2;
static gs_arena arena2;
static uint64_t buffer2[1u << 16];
static gs_cache_waiter released[64];
static uint64_t now;

/* RRIP paper M = 2 (RRPVs 0..3); seed 1, stream 7 unless a test says. */
static gs_cache_policy_params params(uint32_t kind)
{
    gs_cache_policy_params p;
    memset(&p, 0, sizeof p);
    p.kind = kind;
    p.seed = 1;
    p.stream = 7;
    return p;
}

static uint64_t line_of(char letter)
{
    char up = (char)(letter >= 'a' ? letter - 'a' + 'A' : letter);
    return (uint64_t)(up - 'A') * 128u;
}

/* One read of `letter` in c; the expected-string character it gives. */
static char step(gs_cache *c, char letter)
{
    gs_cache_request r = ch_req(line_of(letter), 0xF, 0, GS_SPACE_GLOBAL, 1, 1);
    gs_cache_result res;
    r.insert_hint = (uint8_t)(letter >= 'a');
    res = gs_cache_access(c, &r, ++now);
    ch_drain(c);
    if (res.outcome == GS_CACHE_HIT)
        return '-';
    if (res.outcome != GS_CACHE_MISS)
        return '!';
    if (ch_fill(c, line_of(letter), released, ++now) != 1)
        return '?';
    return res.evicted ? (char)('A' + res.victim_line / 128u) : '.';
}

static void run_on(gs_cache *c, const char *access, const char *expect)
{
    size_t i;
    GS_CHECK_EQ(strlen(access), strlen(expect));
    for (i = 0; access[i] && expect[i]; i++) {
        char got = step(c, access[i]);
        if (got != expect[i]) {
            printf("  access %u (%c) of %s: expected %c, got %c\n", (unsigned)i, access[i],
                   access, expect[i], got);
            gs_check_failed_in_test = 1;
        }
    }
}

static void run(const char *access, const char *expect)
{
    run_on(&cache, access, expect);
}

static uint32_t rrpv(gs_cache *c, char letter)
{
    uint32_t line = gs_cache_find(c, line_of(letter));
    GS_CHECK(line != GS_CACHE_NONE);
    return line == GS_CACHE_NONE ? 99u : c->policy.rrpv[line];
}

/* A 1-set, 4-way read-only cache (8 MSHRs) under `kind`. */
static int make4(const gs_cache_policy_params *p)
{
    return ch_make_in(&cache, &ch_arena, ch_buffer, sizeof ch_buffer,
                      "N:1:128:4,L:R:m:N:L,A:8:4,8:0,128", GS_CACHE_MODE_NORMAL, 0, p);
}

/* SRRIP (RRIP-HP, M = 2: insert 2, hit 0, victim = first RRPV 3 after aging).
 *   ABCD  ways 0-3 empty: [A2 B2 C2 D2]
 *   A     hit: A0
 *   E     max 2, first at way 1 (B); age +1: [A1 B3 C3 D3]; E2 in way 1
 *   F, G  C then D (3 each, no aging): [A1 E2 F2 G2]
 *   A, E  hits: [A0 E0 F2 G2]
 *   H     F (way 2); age +1: [A1 E1 F3 G3] -> [A1 E1 H2 G3]
 *   I     G: [A1 E1 H2 I2]
 *   J     H (way 2); age +1: [A2 E2 H3 I3] -> [A2 E2 J2 I3]
 *   K     I: [A2 E2 J2 K2]
 *   L     A (way 0); age +1: [A3 E3 J3 K3] -> [L2 E3 J3 K3] */
static const char srrip_access[] = "ABCDAEFGAEHIJKL";
static const char srrip_victims[] = "....-BCD--FGHIA";

static void test_srrip_sequence(void)
{
    gs_cache_policy_params p = params(GS_CACHE_POLICY_SRRIP);
    GS_CHECK(make4(&p));
    GS_CHECK_EQ(3, cache.policy.rrpv_max);
    run(srrip_access, srrip_victims);
    GS_CHECK_EQ(2, rrpv(&cache, 'L'));
    GS_CHECK_EQ(3, rrpv(&cache, 'E'));
    GS_CHECK_EQ(3, rrpv(&cache, 'J'));
    GS_CHECK_EQ(3, rrpv(&cache, 'K'));
    GS_CHECK_EQ(12, cache.policy.stats.long_inserts);     /* 15 reads, 3 hits */
    GS_CHECK_EQ(0, cache.policy.stats.distant_inserts);
    /* LRU on the same string: the same up to I, then A, E and H leave where
     * SRRIP let H, I and A go (J, K and L each evict the least recent). */
    GS_CHECK(make4(NULL));
    run(srrip_access, "....-BCD--FGAEH");
}

/* M = 3 (RRPVs 0..7, insert 6): ABCD [6 6 6 6]; A hit A0; E: max 6 at B,
 * age +1 -> [A1 B7 C7 D7], E6; F, G: C, D; H: max 6 at way 1 (E), age +1:
 * [A2 E7 F7 G7] -> H6 in way 1. */
static void test_srrip_bits(void)
{
    gs_cache_policy_params p = params(GS_CACHE_POLICY_SRRIP);
    p.rrip_bits = 3;
    GS_CHECK(make4(&p));
    GS_CHECK_EQ(7, cache.policy.rrpv_max);
    run("ABCDAEFGH", "....-BCDE");
    GS_CHECK_EQ(2, rrpv(&cache, 'A'));
    GS_CHECK_EQ(6, rrpv(&cache, 'H'));
    GS_CHECK_EQ(7, rrpv(&cache, 'G'));
}

/* A line whose fill is pending is never a victim but ages with its set; a
 * refused access (MSHR full) changes no RRPV. 1 set x 3 ways, 2 MSHRs. */
static void test_srrip_pending(void)
{
    gs_cache_policy_params p = params(GS_CACHE_POLICY_SRRIP);
    gs_cache_request r;
    gs_cache_result res;
    GS_CHECK(ch_make_in(&cache, &ch_arena, ch_buffer, sizeof ch_buffer,
                        "N:1:128:3,L:R:m:N:L,A:2:4,8:0,128", GS_CACHE_MODE_NORMAL, 0, &p));
    run("ABC", "...");                                   /* [A2 B2 C2] */
    r = ch_req(line_of('D'), 0xF, 0, GS_SPACE_GLOBAL, 1, 1);
    res = gs_cache_access(&cache, &r, ++now);            /* D misses, not filled yet */
    ch_drain(&cache);
    GS_CHECK_EQ(CH_MISS, res.outcome);
    GS_CHECK_EQ(line_of('A'), res.victim_line);          /* [D2p B3 C3] */
    run("E", "B");                                       /* [D2p E2 C3] */
    r = ch_req(line_of('X'), 0xF, 0, GS_SPACE_GLOBAL, 1, 1);
    GS_CHECK_EQ(CH_MISS, gs_cache_access(&cache, &r, ++now).outcome);   /* X pending in C's way */
    ch_drain(&cache);
    r = ch_req(line_of('Y'), 0xF, 0, GS_SPACE_GLOBAL, 1, 1);
    res = gs_cache_access(&cache, &r, ++now);            /* no MSHR left: refused */
    GS_CHECK_EQ(CH_FAIL, res.outcome);
    GS_CHECK_EQ(GS_CACHE_FAIL_MSHR_ENTRY, res.fail);
    GS_CHECK_EQ(2, rrpv(&cache, 'D'));                   /* nothing aged */
    GS_CHECK_EQ(2, rrpv(&cache, 'E'));
    GS_CHECK_EQ(1, ch_fill(&cache, line_of('X'), released, ++now));   /* [D2p E2 X2] */
    run("F", "E");               /* E (way 1); age +1: [D3p E3 X3] -> [D3p F2 X3] */
    GS_CHECK_EQ(3, rrpv(&cache, 'D'));
    GS_CHECK_EQ(1, ch_fill(&cache, line_of('D'), released, ++now));
    run("G", "D");                                       /* D, now filled, first with 3 */
}

/* BRRIP with epsilon 1 inserts every line "long": SRRIP's sequence. */
static void test_brrip_epsilon_one_is_srrip(void)
{
    gs_cache_policy_params p = params(GS_CACHE_POLICY_BRRIP);
    p.brrip_epsilon = 1;
    GS_CHECK(make4(&p));
    run(srrip_access, srrip_victims);
}

/* The first n draws of stream `stream` under seed `seed`, below `bound`,
 * computed from the documented derivation (mem/cache_policy.h). */
static void ref_draws(uint64_t seed, uint64_t stream, uint64_t bound, uint64_t *out, uint32_t n)
{
    gs_prng ref;
    uint64_t state = stream;
    uint32_t i;
    gs_prng_seed(&ref, seed ^ gs_splitmix64(&state));
    for (i = 0; i < n; i++)
        out[i] = gs_prng_below(&ref, bound);
}

/* Epsilon 2^32 - 1: check the stream's draws are all nonzero, so every
 * BRRIP insertion is distant (3).
 *   ABCD  [A3 B3 C3 D3];  A hit: A0
 *   E, F, G  each evicts the newcomer of way 1: B, then E, then F
 *   C     hit: [A0 G3 C0 D3]
 *   H     G;  D, H hits: [A0 H0 C0 D0]
 *   I     max 0 at way 0 (A); age +3: all 3; I3 in way 0
 *   J     I again */
static void test_brrip_sequence(void)
{
    gs_cache_policy_params p = params(GS_CACHE_POLICY_BRRIP);
    uint64_t draws[16];
    uint32_t i;
    p.brrip_epsilon = 0xFFFFFFFFu;
    ref_draws(p.seed, p.stream, p.brrip_epsilon, draws, 16);
    for (i = 0; i < 16; i++)
        GS_CHECK(draws[i] != 0);
    GS_CHECK(make4(&p));
    run("ABCDAEFGCHDHIJ", "....-BEF-G--AI");
    GS_CHECK_EQ(3, rrpv(&cache, 'J'));
    GS_CHECK_EQ(3, rrpv(&cache, 'H'));
    GS_CHECK_EQ(10, cache.policy.stats.distant_inserts);
    GS_CHECK_EQ(0, cache.policy.stats.long_inserts);
}

/* The paper's epsilon 1/32 with the real stream: 256 streaming misses,
 * each inserted at 2 exactly when the reference draw is 0. */
static void test_brrip_default_epsilon(void)
{
    gs_cache_policy_params p = params(GS_CACHE_POLICY_BRRIP);
    uint64_t draws[256];
    uint32_t i, longs = 0;
    p.seed = 1;
    p.stream = GS_CACHE_STREAM_L2(3);
    ref_draws(p.seed, p.stream, 32, draws, 256);
    GS_CHECK(ch_make_in(&cache, &ch_arena, ch_buffer, sizeof ch_buffer,
                        "N:1:128:4,L:R:m:N:L,A:8:4,8:0,128", GS_CACHE_MODE_NORMAL, 0, &p));
    GS_CHECK_EQ(32, cache.policy.epsilon);
    for (i = 0; i < 256; i++) {
        gs_cache_request r = ch_req((uint64_t)(i + 1u) * 128u, 0xF, 0, GS_SPACE_GLOBAL, 1, 1);
        uint32_t line;
        GS_CHECK_EQ(CH_MISS, gs_cache_access(&cache, &r, ++now).outcome);
        ch_drain(&cache);
        GS_CHECK_EQ(1, ch_fill(&cache, r.addr, released, ++now));
        line = gs_cache_find(&cache, r.addr);
        GS_CHECK_EQ(draws[i] == 0 ? 2 : 3, cache.policy.rrpv[line]);
        longs += draws[i] == 0;
    }
    GS_CHECK(longs > 0 && longs < 32);      /* the stream at hand: a few in 256 */
    GS_CHECK_EQ(longs, cache.policy.stats.long_inserts);
    GS_CHECK_EQ(256 - longs, cache.policy.stats.distant_inserts);
}

/* Leader sets: the complement-select formula of policy_drrip.c. */
static void test_drrip_leaders(void)
{
    gs_cache_policy_params p = params(GS_CACHE_POLICY_DRRIP);
    uint32_t set, srrip = 0, brrip = 0, c;
    GS_CHECK_EQ(1, gs_drrip_leader_sets(32, 0));        /* gtx480 L1D, L2 slice */
    GS_CHECK_EQ(2, gs_drrip_leader_sets(64, 0));
    GS_CHECK_EQ(32, gs_drrip_leader_sets(1024, 0));     /* the paper */
    GS_CHECK_EQ(32, gs_drrip_leader_sets(4096, 0));
    GS_CHECK_EQ(1, gs_drrip_leader_sets(4, 0));
    GS_CHECK_EQ(8, gs_drrip_leader_sets(4096, 8));
    GS_CHECK(ch_make_in(&cache, &ch_arena, ch_buffer, sizeof ch_buffer,
                        "N:32:128:4,L:R:m:N:L,A:8:4,8:0,128", GS_CACHE_MODE_NORMAL, 0, &p));
    for (set = 0; set < 32; set++)
        GS_CHECK_EQ(set == 0 ? GS_DRRIP_LEADER_SRRIP : set == 31 ? GS_DRRIP_LEADER_BRRIP
                    : GS_DRRIP_FOLLOWER, cache.policy.leader[set]);
    p.leader_sets = 2;                                  /* K = 4: 0, 5 SRRIP; 3, 6 BRRIP */
    GS_CHECK(ch_make_in(&cache, &ch_arena, ch_buffer, sizeof ch_buffer,
                        "N:8:128:2,L:R:m:N:L,A:8:4,8:0,128", GS_CACHE_MODE_NORMAL, 0, &p));
    for (set = 0; set < 8; set++)
        GS_CHECK_EQ(set == 0 || set == 5 ? GS_DRRIP_LEADER_SRRIP
                    : set == 3 || set == 6 ? GS_DRRIP_LEADER_BRRIP : GS_DRRIP_FOLLOWER,
                    cache.policy.leader[set]);
    p.leader_sets = 0;                                  /* DIP: set 33c and 32c + 31 - c */
    GS_CHECK(ch_make_in(&cache, &ch_arena, ch_buffer, sizeof ch_buffer,
                        "N:1024:128:2,L:R:m:N:L,A:8:4,8:0,128", GS_CACHE_MODE_NORMAL, 0, &p));
    for (c = 0; c < 32; c++) {
        GS_CHECK_EQ(GS_DRRIP_LEADER_SRRIP, cache.policy.leader[33u * c]);
        GS_CHECK_EQ(GS_DRRIP_LEADER_BRRIP, cache.policy.leader[32u * c + 31u - c]);
    }
    for (set = 0; set < 1024; set++) {
        srrip += cache.policy.leader[set] == GS_DRRIP_LEADER_SRRIP;
        brrip += cache.policy.leader[set] == GS_DRRIP_LEADER_BRRIP;
    }
    GS_CHECK_EQ(32, srrip);
    GS_CHECK_EQ(32, brrip);
}

/* DRRIP, 4 sets x 2 ways, one leader per policy: set 0 (A E I M Q U Y)
 * leads SRRIP, set 3 (D H L P T X) leads BRRIP, sets 1 (B F J N R V Z) and
 * 2 (C G K O S W) follow. PSEL 2 bits: starts at 1, followers run BRRIP
 * when it is 2 or 3. Epsilon 2^32 - 1 with nonzero draws: BRRIP inserts 3.
 *  #  access  set  PSEL after  insert  set state            victim
 *  1  B       1    1           S 2     [B2 --]              .
 *  2  A       0 L  2 (switch)  S 2     [A2 --]              .
 *  3  F       1    2           B 3     [B2 F3]              .
 *  4  J       1    2           B 3     [B2 J3]              F
 *  5  D       3 L  1 (switch)  B 3     [D3 --]              .
 *  6  N       1    1           S 2     [B2 N2]              J
 *  7  R       1    1           S 2     age +1 [R2 N3]       B
 *  8  H       3 L  0           B 3     [D3 H3]              .
 *  9  L       3 L  0 (floor)   B 3     [L3 H3]              D
 * 10  V       1    0           S 2     [R2 V2]              N
 * 11  E       0 L  1           S 2     [A2 E2]              .
 * 12  I       0 L  2 (switch)  S 2     age +1 [I2 E3]       A
 * 13  M       0 L  3           S 2     [I2 M2]              E
 * 14  Q       0 L  3 (ceiling) S 2     age +1 [Q2 M3]       I
 * 15  Z       1    3           B 3     age +1 [Z3 V3]       R
 * 16  B       1    3           B 3     [B3 V3]              Z
 * 17  F       1    3           B 3     [F3 V3]              B
 * 18  V       1    hit                 [F3 V0]              -
 * 19  C       2    3           B 3     [C3 --]              . */
static void test_drrip_dueling(void)
{
    static const char access[] = "BAFJDNRHLVEIMQZBFVC";
    static const char expect[] = "...F.JB.DN.AEIRZB-.";
    static const uint32_t psel[] = { 1, 2, 2, 2, 1, 1, 1, 0, 0, 0, 1, 2, 3, 3, 3, 3, 3, 3, 3 };
    gs_cache_policy_params p = params(GS_CACHE_POLICY_DRRIP);
    uint64_t draws[16];
    uint32_t i;
    p.brrip_epsilon = 0xFFFFFFFFu;
    p.psel_bits = 2;
    ref_draws(p.seed, p.stream, p.brrip_epsilon, draws, 16);
    for (i = 0; i < 16; i++)
        GS_CHECK(draws[i] != 0);
    GS_CHECK(ch_make_in(&cache, &ch_arena, ch_buffer, sizeof ch_buffer,
                        "N:4:128:2,L:R:m:N:L,A:8:4,8:0,128", GS_CACHE_MODE_NORMAL, 0, &p));
    GS_CHECK_EQ(1, cache.policy.duel->psel);
    GS_CHECK_EQ(3, cache.policy.duel->psel_max);
    for (i = 0; access[i]; i++) {
        char got = step(&cache, access[i]);
        if (got != expect[i] || cache.policy.duel->psel != psel[i]) {
            printf("  access %u (%c): expected %c PSEL %u, got %c PSEL %u\n", (unsigned)i,
                   access[i], expect[i], psel[i], got, cache.policy.duel->psel);
            gs_check_failed_in_test = 1;
        }
    }
    GS_CHECK_EQ(1, gs_cache_duel_brrip(cache.policy.duel));
    GS_CHECK_EQ(3, cache.policy.stats.psel_switches);
    GS_CHECK_EQ(5, cache.policy.stats.srrip_leader_misses);
    GS_CHECK_EQ(3, cache.policy.stats.brrip_leader_misses);
    GS_CHECK_EQ(9, cache.policy.stats.long_inserts);
    GS_CHECK_EQ(9, cache.policy.stats.distant_inserts);
    GS_CHECK_EQ(2, rrpv(&cache, 'Q'));
    GS_CHECK_EQ(0, rrpv(&cache, 'V'));
    GS_CHECK_EQ(3, rrpv(&cache, 'C'));
}

/* Two caches with one shared PSEL (the L2 slices' `shared` dueling): a miss
 * in the first cache's SRRIP leader switches the second cache's followers. */
static void test_drrip_shared_duel(void)
{
    gs_cache_policy_params p = params(GS_CACHE_POLICY_DRRIP);
    gs_cache_duel duel;
    const char *text = "N:4:128:2,L:R:m:N:L,A:8:4,8:0,128";
    p.brrip_epsilon = 0xFFFFFFFFu;
    p.psel_bits = 2;
    gs_cache_duel_init(&duel, 2);
    GS_CHECK_EQ(1, duel.psel);
    p.shared_duel = &duel;
    GS_CHECK(ch_make_in(&cache, &ch_arena, ch_buffer, sizeof ch_buffer, text,
                        GS_CACHE_MODE_NORMAL, 0, &p));
    p.stream = 8;
    GS_CHECK(ch_make_in(&cache2, &arena2, buffer2, sizeof buffer2, text,
                        GS_CACHE_MODE_NORMAL, 0, &p));
    run_on(&cache2, "B", ".");                          /* follower, PSEL 1: SRRIP */
    GS_CHECK_EQ(2, rrpv(&cache2, 'B'));
    run_on(&cache, "A", ".");                           /* the other cache's SRRIP leader */
    GS_CHECK_EQ(2, duel.psel);
    run_on(&cache2, "C", ".");                          /* follower, now BRRIP */
    GS_CHECK_EQ(3, rrpv(&cache2, 'C'));
    GS_CHECK_EQ(1, cache.policy.stats.psel_switches);
    GS_CHECK_EQ(0, cache2.policy.stats.psel_switches);
    GS_CHECK(cache.policy.duel == cache2.policy.duel);
}

/* insert_hint 1 (lower case): LRU inserts at the LRU position.
 *   ABCD; e evicts A (the hint does not change the victim) and is LRU;
 *   F evicts e; G evicts B (least recent of the rest); h evicts C; I evicts
 *   h; j evicts D; J hits and becomes most recent; K evicts F. */
static void test_hint_lru(void)
{
    GS_CHECK(make4(NULL));
    run("ABCDeFGhIjJK", "....AEBCHD-F");
}

/* FIFO: a hinted line is at the queue's head. */
static void test_hint_fifo(void)
{
    GS_CHECK(ch_make(&cache, "N:1:128:4,F:R:m:N:L,A:8:4,8:0,128", GS_CACHE_MODE_NORMAL, 0));
    run("ABCDeFG", "....AEB");
}

/* SRRIP: a hinted line is inserted distant (3).
 *   ABCD [2 2 2 2]; e: A (way 0), age +1, e3: [e3 B3 C3 D3]; F: e; G: B. */
static void test_hint_srrip(void)
{
    gs_cache_policy_params p = params(GS_CACHE_POLICY_SRRIP);
    GS_CHECK(make4(&p));
    run("ABCDe", "....A");
    GS_CHECK_EQ(3, rrpv(&cache, 'E'));
    GS_CHECK_EQ(1, cache.policy.stats.distant_inserts);
    run("FG", "EB");
}

static gs_status init_with(const char *text, const gs_cache_policy_params *p, gs_diag *diag)
{
    gs_cache_params cp;
    gs_cache_error e;
    memset(&cp, 0, sizeof cp);
    GS_CHECK(gs_cache_parse(&cp.config, text, strlen(text), &e));
    cp.policy = *p;
    gs_arena_init(&ch_arena, ch_buffer, sizeof ch_buffer);
    return gs_cache_init(&cache, &ch_arena, &cp, diag);
}

static void test_bad_parameters(void)
{
    gs_cache_policy_params p = params(GS_CACHE_POLICY_DRRIP);
    gs_diag diag;
    GS_CHECK_EQ(GS_E_CONFIG, init_with("N:1:128:4,L:R:m:N:L,A:8:4,8:0,128", &p, &diag));
    GS_CHECK(strstr(diag.message, "need at least 2 sets") != NULL);
    p.leader_sets = 3;
    GS_CHECK_EQ(GS_E_CONFIG, init_with("N:32:128:4,L:R:m:N:L,A:8:4,8:0,128", &p, &diag));
    GS_CHECK(strstr(diag.message, "powers of two") != NULL);
    p.leader_sets = 32;
    GS_CHECK_EQ(GS_E_CONFIG, init_with("N:32:128:4,L:R:m:N:L,A:8:4,8:0,128", &p, &diag));
    p = params(GS_CACHE_POLICY_SRRIP);
    p.rrip_bits = 9;
    GS_CHECK_EQ(GS_E_CONFIG, init_with("N:32:128:4,L:R:m:N:L,A:8:4,8:0,128", &p, &diag));
    GS_CHECK(strstr(diag.message, "RRPV bits") != NULL);
}

int main(void)
{
    GS_RUN(test_srrip_sequence);
    GS_RUN(test_srrip_bits);
    GS_RUN(test_srrip_pending);
    GS_RUN(test_brrip_epsilon_one_is_srrip);
    GS_RUN(test_brrip_sequence);
    GS_RUN(test_brrip_default_epsilon);
    GS_RUN(test_drrip_leaders);
    GS_RUN(test_drrip_dueling);
    GS_RUN(test_drrip_shared_duel);
    GS_RUN(test_hint_lru);
    GS_RUN(test_hint_fifo);
    GS_RUN(test_hint_srrip);
    GS_RUN(test_bad_parameters);
    return gs_check_report();
}

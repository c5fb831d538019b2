/*
 * The one list of the studies' mechanisms (DESIGN.md section 7; issue 12
 * item 7). It lives in base because the configuration parses
 * -gs_mechanisms against it and tags each mechanism's options with it;
 * src/mech/mech.c builds the table of ops (gs_mech_<name>_ops, one file
 * each in src/mech/) from the same list. Adding a mechanism is one X(name)
 * line here plus its file.
 */
#ifndef GS_BASE_MECH_LIST_H
#define GS_BASE_MECH_LIST_H

#define GS_MECH_LIST(X) \
    X(census)                     \
    X(dbsa)                       \
    X(locality)                   \
    X(dwt)                        \
    X(dwt_pric)                   \
    X(ccws)                       \
    X(mrpb)                       \
    X(statpcal)                   \
    X(ciao)                       \
    X(green)

typedef enum gs_mech_id {
#define GS_MECH_ENUM(name) GS_MECH_ID_##name,
    GS_MECH_LIST(GS_MECH_ENUM)
#undef GS_MECH_ENUM
    GS_MECH_ID_COUNT
} gs_mech_id;

/* -gs_mechanisms is a 32-bit set of them. */
typedef char gs_mech_list_fits_in_32_bits[GS_MECH_ID_COUNT <= 32 ? 1 : -1];

#endif

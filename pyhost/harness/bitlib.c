/* WoW's `bit` library for the pyhost realm, in C as the game's own is: a call from Lua into
 * Python costs some 25 Lua calls in lupa, which made the addon's SHA-256 most of its own cost.
 * Same semantics as bitlib.py's Python functions (the fallback when no C compiler is found):
 * each argument truncated toward zero and taken modulo 2^32 (a negative number as two's
 * complement), band/bor/bxor over any number of arguments, shift counts modulo 32, and the
 * result unsigned, or signed when the table was opened with `signed` true.
 *
 * Built by bitlib.py with the system's C compiler and linked against the lupa module it loads
 * into, whose Lua 5.1 API it calls; the prototypes below are Lua 5.1's own (lua.h, lauxlib.h),
 * declared here because lupa ships no headers. */

#include <math.h>
#include <stdint.h>

typedef struct lua_State lua_State;
typedef double lua_Number;
typedef int (*lua_CFunction)(lua_State *L);

extern int lua_gettop(lua_State *L);
extern int lua_toboolean(lua_State *L, int idx);
extern void lua_pushnumber(lua_State *L, lua_Number n);
extern void lua_pushboolean(lua_State *L, int b);
extern void lua_pushcclosure(lua_State *L, lua_CFunction fn, int n);
extern void lua_createtable(lua_State *L, int narr, int nrec);
extern void lua_setfield(lua_State *L, int idx, const char *k);
extern lua_Number luaL_checknumber(lua_State *L, int narg);
extern int luaL_error(lua_State *L, const char *fmt, ...);

#define LUA_GLOBALSINDEX (-10002)
#define SIGNED (LUA_GLOBALSINDEX - 1) /* lua_upvalueindex(1): the table's `signed` */
#define TWO32 4294967296.0

static uint32_t arg(lua_State *L, int i) {
    lua_Number d = luaL_checknumber(L, i);
    if (d >= 0 && d < TWO32) return (uint32_t)d; /* the usual case: already a 32-bit word */
    if (isnan(d) || isinf(d)) luaL_error(L, "bad argument #%d to bit function (%f)", i, d);
    d = fmod(trunc(d), TWO32); /* exact in doubles */
    return (uint32_t)(d < 0 ? d + TWO32 : d);
}

static int result(lua_State *L, uint32_t r) {
    lua_pushnumber(L, lua_toboolean(L, SIGNED) ? (lua_Number)(int32_t)r : (lua_Number)r);
    return 1;
}

static int bit_band(lua_State *L) {
    int top = lua_gettop(L), i;
    uint32_t r = arg(L, 1);
    for (i = 2; i <= top; i++) r &= arg(L, i);
    return result(L, r);
}

static int bit_bor(lua_State *L) {
    int top = lua_gettop(L), i;
    uint32_t r = arg(L, 1);
    for (i = 2; i <= top; i++) r |= arg(L, i);
    return result(L, r);
}

static int bit_bxor(lua_State *L) {
    int top = lua_gettop(L), i;
    uint32_t r = arg(L, 1);
    for (i = 2; i <= top; i++) r ^= arg(L, i);
    return result(L, r);
}

static int bit_bnot(lua_State *L) { return result(L, ~arg(L, 1)); }

static int bit_lshift(lua_State *L) { return result(L, arg(L, 1) << (arg(L, 2) & 31)); }

static int bit_rshift(lua_State *L) { return result(L, arg(L, 1) >> (arg(L, 2) & 31)); }

static int bit_arshift(lua_State *L) {
    int32_t a = (int32_t)arg(L, 1);
    return result(L, (uint32_t)(a >> (arg(L, 2) & 31)));
}

/* C's % on the signed 32-bit values: the remainder takes the dividend's sign. */
static int bit_mod(lua_State *L) {
    int64_t a = (int32_t)arg(L, 1), b = (int32_t)arg(L, 2);
    if (b == 0) return luaL_error(L, "bit.mod: division by zero");
    return result(L, (uint32_t)(int64_t)(a % b));
}

static const struct { const char *name; lua_CFunction fn; } FUNCTIONS[] = {
    {"band", bit_band}, {"bor", bit_bor}, {"bxor", bit_bxor}, {"bnot", bit_bnot},
    {"lshift", bit_lshift}, {"rshift", bit_rshift}, {"arshift", bit_arshift}, {"mod", bit_mod},
};

/* luaopen_pyhost_bit(signed): a new `bit` table. */
int luaopen_pyhost_bit(lua_State *L) {
    int is_signed = lua_toboolean(L, 1);
    unsigned i;
    lua_createtable(L, 0, sizeof FUNCTIONS / sizeof FUNCTIONS[0]);
    for (i = 0; i < sizeof FUNCTIONS / sizeof FUNCTIONS[0]; i++) {
        lua_pushboolean(L, is_signed);
        lua_pushcclosure(L, FUNCTIONS[i].fn, 1);
        lua_setfield(L, -2, FUNCTIONS[i].name);
    }
    return 1;
}

/* The realm's other C function: secrets.lua's type(), which answers for a secret what it
 * stands for (its upvalue 1, the weak table secret -> "string"/"number"/"boolean") and else
 * what Lua's type() answers, "nil" when called with nothing (as the Lua version did). Addon
 * code calls it tens of thousands of times a hand: in C it is one call, not two. The names
 * are upvalues 2.. (pushed, not made from C strings at every call). */
#define LUA_TUSERDATA 7
#define TYPE_NAMES 9 /* nil boolean lightuserdata number string table function userdata thread */
extern int lua_type(lua_State *L, int idx);
extern void lua_pushvalue(lua_State *L, int idx);
extern void lua_rawget(lua_State *L, int idx);
extern void lua_settop(lua_State *L, int idx);
extern void lua_pushstring(lua_State *L, const char *s);
extern const char *lua_typename(lua_State *L, int tp);
#define UPVALUE(i) (LUA_GLOBALSINDEX - (i))

static int secret_type(lua_State *L) {
    int t = lua_type(L, 1);
    if (t == LUA_TUSERDATA) {
        lua_pushvalue(L, 1);
        lua_rawget(L, UPVALUE(1));
        if (lua_toboolean(L, -1)) return 1;
    }
    lua_pushvalue(L, UPVALUE(2 + (t < 0 ? 0 : t)));
    return 1;
}

/* luaopen_pyhost_type(kinds): that type() function. */
int luaopen_pyhost_type(lua_State *L) {
    int t;
    lua_settop(L, 1);
    for (t = 0; t < TYPE_NAMES; t++) lua_pushstring(L, lua_typename(L, t));
    lua_pushcclosure(L, secret_type, 1 + TYPE_NAMES);
    return 1;
}

// Identifiers from the spec's list of valid non-ASCII identifiers (section "Identifiers").
const Δέλτα = 1;
const réflexion = 2;
const Кызыл = 3;
const 𐰓𐰏𐰇 = 4;
const 朝焼け = 5;
const سلام = 6;
const 검정 = 7;
const שָׁלוֹם = 8;
const गुलाबी = 9;
const փիրուզ = 10;
const _leading_underscore = Δέλτα + réflexion;

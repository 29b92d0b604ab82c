// One of every statement form of the spec (section "Statements").
@group(0) @binding(0) var<storage, read_write> out: array<i32>;

fn helper(p: ptr<function, i32>) -> i32 {
  *p += 1;
  return *p;
}

@compute @workgroup_size(1)
fn main() {
  ;                                            // empty statement
  var i: i32 = 0;
  let j = 1;
  const k = 2;
  { i = j + k; }                               // compound statement
  if i > 2 { i--; } else if i < 0 { i++; } else { }
  switch i {
    case 1, 2, { i = 0; }
    case 3: { i = 1; }
    default { }
  }
  switch j { case default, 4 { } }
  loop {
    if i > 10 { break; }
    i += 1;
    continuing {
      i *= 2;
      break if i > 100;
    }
  }
  for (var x = 0; x < 4; x++) { if x == 2 { continue; } out[x] = x; }
  for (;;) { break; }
  while i > 0 { i /= 2; }
  _ = helper(&i);
  helper(&i);
  i %= 3; i &= 7; i |= 8; i ^= 1; i <<= 1u; i >>= 1u; i -= 1;
  const_assert k == 2;
  out[0] = i;
  return;
}

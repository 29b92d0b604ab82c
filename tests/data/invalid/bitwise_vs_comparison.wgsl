fn f(a: u32, b: u32) -> bool {
  return a & b == 0u;   // needs (a & b) == 0u
}

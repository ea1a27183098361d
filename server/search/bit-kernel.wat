;; The AND of two or three bitmaps (or a AND NOT b) into another, returning the number of bits set
;; in the result: the inner loops of the search index's intersect() and rangeSet()
;; (server/search/search-index.ts), 4 words at a time with SIMD. Addresses are byte offsets into the exported memory, 16-byte aligned; `bytes` is a
;; multiple of 16. `o` may be one of the inputs (each block is read before it is written). The count
;; is kept in four 32-bit lanes: each gains at most 32 per block, far from overflowing.
;; scripts/tools/bit-kernel.mjs assembles it into server/search/bit-kernel.ts.
(module
  (memory (export "memory") 0)
  (func (export "and2") (param $a i32) (param $b i32) (param $o i32) (param $bytes i32) (result i32)
    (local $i i32) (local $v v128) (local $acc v128)
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $bytes)))
        (local.set $v (v128.and
          (v128.load (i32.add (local.get $a) (local.get $i)))
          (v128.load (i32.add (local.get $b) (local.get $i)))))
        (v128.store (i32.add (local.get $o) (local.get $i)) (local.get $v))
        (local.set $acc (i32x4.add (local.get $acc)
          (i32x4.extadd_pairwise_i16x8_u (i16x8.extadd_pairwise_i8x16_u (i8x16.popcnt (local.get $v))))))
        (local.set $i (i32.add (local.get $i) (i32.const 16)))
        (br $next)))
    (i32.add
      (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
      (i32.add (i32x4.extract_lane 2 (local.get $acc)) (i32x4.extract_lane 3 (local.get $acc)))))
  (func (export "andnot") (param $a i32) (param $b i32) (param $o i32) (param $bytes i32) (result i32)
    (local $i i32) (local $v v128) (local $acc v128)
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $bytes)))
        (local.set $v (v128.andnot
          (v128.load (i32.add (local.get $a) (local.get $i)))
          (v128.load (i32.add (local.get $b) (local.get $i)))))
        (v128.store (i32.add (local.get $o) (local.get $i)) (local.get $v))
        (local.set $acc (i32x4.add (local.get $acc)
          (i32x4.extadd_pairwise_i16x8_u (i16x8.extadd_pairwise_i8x16_u (i8x16.popcnt (local.get $v))))))
        (local.set $i (i32.add (local.get $i) (i32.const 16)))
        (br $next)))
    (i32.add
      (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
      (i32.add (i32x4.extract_lane 2 (local.get $acc)) (i32x4.extract_lane 3 (local.get $acc)))))
  (func (export "and3") (param $a i32) (param $b i32) (param $c i32) (param $o i32) (param $bytes i32) (result i32)
    (local $i i32) (local $v v128) (local $acc v128)
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $bytes)))
        (local.set $v (v128.and
          (v128.and
            (v128.load (i32.add (local.get $a) (local.get $i)))
            (v128.load (i32.add (local.get $b) (local.get $i))))
          (v128.load (i32.add (local.get $c) (local.get $i)))))
        (v128.store (i32.add (local.get $o) (local.get $i)) (local.get $v))
        (local.set $acc (i32x4.add (local.get $acc)
          (i32x4.extadd_pairwise_i16x8_u (i16x8.extadd_pairwise_i8x16_u (i8x16.popcnt (local.get $v))))))
        (local.set $i (i32.add (local.get $i) (i32.const 16)))
        (br $next)))
    (i32.add
      (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
      (i32.add (i32x4.extract_lane 2 (local.get $acc)) (i32x4.extract_lane 3 (local.get $acc))))))

// SPDX-License-Identifier: Apache-2.0
// The vector vocabulary (docs/kernels.md): every backend this compiler and architecture have.
// A kernel written once against it is included once per target region, inside a per-target
// namespace where `hn` names that target's backend:
//
//   NDRESIZE_SIMD_BEGIN_AVX2
//   namespace N_AVX2 { namespace hn = simd::N_AVX2;
//   #include "kernel.inc"
//   }
//   NDRESIZE_SIMD_END
//
// Ops (Highway's names): Lanes, Zero, Set, Load/LoadU, LoadN, Store/StoreU, StoreN, Stream,
// Add, Sub, Mul (no MulAdd: the contract is a separate Mul then Add), Lt, IfThenElse,
// IfThenElseZero, MaskFromBits, LoadIndices, TableLookupLanes, TwoTablesLookupLanes,
// GatherOffsets, GatherOffsetPairs<S> (not Highway's: lane i of two vectors from base[k], base[k + S]);
// on the vector backends, for rows of bytes: GatherOffsets64, LoadBytes, TableLookupBytesOr0, ConvertTo,
// ShiftRight; PromoteTo
// (u8/i8/u16/i16 memory → f32), DemoteTo (f32 → u8/i16 memory, saturating, round half to even), PromoteN / DemoteN.
#pragma once

#include "arm_neon.hpp"
#include "scalar.hpp"
#include "x86_avx2.hpp"
#include "x86_avx512.hpp"
#include "x86_sse4.hpp"

// SPDX-License-Identifier: Apache-2.0
// ndresize: ONNX Resize (opsets 10–19) and Upsample (7, 9) for N-dimensional tensors.
// The umbrella header: every public header but interop/. The layers and which way data flows
// are drawn in the README ("Architecture"). The type-erased layer (type_erased.hpp,
// onnx/compute.hpp, ascend/compute.hpp) is made of templates: a translation unit compiles its
// kernels only if it calls it (or links ndresize::compiled, which has them compiled once).
#pragma once

#include "ascend/compute.hpp"
#include "ascend/upsample_trilinear3d.hpp"
#include "attributes.hpp"
#include "element.hpp"
#include "error.hpp"
#include "execute.hpp"
#include "isa.hpp"
#include "onnx/compute.hpp"
#include "onnx/opset.hpp"
#include "onnx/plan_key.hpp"
#include "onnx/resize.hpp"
#include "resample.hpp"
#include "resize.hpp"
#include "thread_pool.hpp"
#include "type_erased.hpp"
#include "version.hpp"
#include "view.hpp"
#include "visit_element_type.hpp"

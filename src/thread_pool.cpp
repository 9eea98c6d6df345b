// SPDX-License-Identifier: Apache-2.0
// ndresize::compiled, the built-in thread pool's threads and locks (detail/pool_state.hpp).
#if defined(NDRESIZE_COMPILED)
#error "the sources of ndresize::compiled hold the definitions: compile them without NDRESIZE_COMPILED"
#endif

#include <ndresize/thread_pool.hpp>

NDRESIZE_BEGIN_NAMESPACE
namespace detail {
template result<pool_state*> try_start_pool<>(int);
template void stop_pool<>(pool_state*) noexcept;
template void run_on_pool<>(pool_state&, index_t, const std::function<void(index_t)>&);
}  // namespace detail
NDRESIZE_END_NAMESPACE

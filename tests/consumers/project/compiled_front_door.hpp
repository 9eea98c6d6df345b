// SPDX-License-Identifier: Apache-2.0
// The consumer's check of ndresize::compiled (compiled_front_door.cpp): 0 when it passed.
#pragma once

int check_compiled_front_door();

# SPDX-License-Identifier: Apache-2.0
"""Conan 2 recipe of ndresize, a header-only C++20 library (ONNX Resize/Upsample).

Built from this source tree (C++20 is required: a detected gcc 12 profile says gnu17):
    conan create cmake/packaging/conan --build=missing -s compiler.cppstd=20
    conan create cmake/packaging/conan --build=missing -s compiler.cppstd=20 -o "ndresize/*:compiled=True"
Consumers: requires("ndresize/0.1.0"), then with CMakeDeps
    find_package(ndresize CONFIG REQUIRED)
    target_link_libraries(main PRIVATE ndresize::ndresize)   # or ndresize::compiled (option compiled)
"""
import os

from conan import ConanFile
from conan.tools.build import check_min_cppstd
from conan.tools.cmake import CMake, CMakeDeps, CMakeToolchain, cmake_layout
from conan.tools.files import copy
from conan.tools.layout import basic_layout

required_conan_version = ">=2.0"


class NdresizeConan(ConanFile):
    name = "ndresize"
    version = "0.1.0"
    description = "ONNX Resize (opsets 10-19) and Upsample (7, 9) for N-dimensional tensors, header-only C++20"
    license = "Apache-2.0"
    topics = ("onnx", "resize", "interpolation", "tensor", "header-only")
    # Header-only by default; with compiled=True the package also holds ndresize::compiled, the
    # type-erased layer, planners and kernels compiled once (a static library).
    package_type = "header-library"
    settings = "os", "arch", "compiler", "build_type"
    options = {"compiled": [True, False]}
    default_options = {"compiled": False}

    def export_sources(self):
        # The recipe lives in cmake/packaging/conan; the sources are three folders up.
        root = os.path.join(self.recipe_folder, "..", "..", "..")
        for pattern in ("include/*", "src/*", "cmake/*.cmake", "cmake/*.in", "CMakeLists.txt", "LICENSE"):
            copy(self, pattern, src=root, dst=self.export_sources_folder)

    def configure(self):
        if self.options.compiled:
            self.package_type = "static-library"

    def layout(self):
        if self.options.compiled:
            cmake_layout(self, src_folder=".")
        else:
            basic_layout(self, src_folder=".")

    def requirements(self):
        self.requires("eigen/3.4.0")

    def package_id(self):
        if not self.info.options.compiled:
            self.info.clear()

    def validate(self):
        if self.settings.get_safe("compiler.cppstd"):
            check_min_cppstd(self, 20)

    def generate(self):
        if self.options.compiled:
            tc = CMakeToolchain(self)
            tc.cache_variables["NDRESIZE_BUILD_TESTS"] = False
            tc.cache_variables["NDRESIZE_BUILD_EXAMPLES"] = False
            tc.cache_variables["NDRESIZE_BUILD_COMPILED"] = True
            tc.generate()
            CMakeDeps(self).generate()

    def build(self):
        if self.options.compiled:
            cmake = CMake(self)
            cmake.configure()
            cmake.build(target="ndresize_compiled")

    def package(self):
        copy(self, "LICENSE", src=self.source_folder, dst=os.path.join(self.package_folder, "licenses"))
        if self.options.compiled:
            CMake(self).install()
        else:
            copy(self, "*.hpp", src=os.path.join(self.source_folder, "include"),
                 dst=os.path.join(self.package_folder, "include"))

    def package_info(self):
        # Same names as the CMake package the project installs itself.
        self.cpp_info.set_property("cmake_file_name", "ndresize")
        self.cpp_info.components["headers"].set_property("cmake_target_name", "ndresize::ndresize")
        self.cpp_info.components["headers"].requires = ["eigen::eigen"]
        self.cpp_info.components["headers"].bindirs = []
        self.cpp_info.components["headers"].libdirs = []
        if self.options.compiled:
            compiled = self.cpp_info.components["compiled"]
            compiled.set_property("cmake_target_name", "ndresize::compiled")
            compiled.libs = ["ndresize_compiled"]
            compiled.defines = ["NDRESIZE_COMPILED"]
            compiled.requires = ["headers"]
            if self.settings.os in ("Linux", "FreeBSD"):
                compiled.system_libs = ["pthread"]

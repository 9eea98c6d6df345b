# SPDX-License-Identifier: Apache-2.0
"""Conan 2 recipe of ndresize, a header-only C++20 library (ONNX Resize/Upsample).

Built from this source tree:  conan create cmake/packaging/conan --build=missing
Consumers: requires("ndresize/0.1.0"), then with CMakeDeps
    find_package(ndresize CONFIG REQUIRED)
    target_link_libraries(main PRIVATE ndresize::ndresize)
"""
import os

from conan import ConanFile
from conan.tools.build import check_min_cppstd
from conan.tools.files import copy
from conan.tools.layout import basic_layout

required_conan_version = ">=2.0"


class NdresizeConan(ConanFile):
    name = "ndresize"
    version = "0.1.0"
    description = "ONNX Resize (opsets 10-19) and Upsample (7, 9) for N-dimensional tensors, header-only C++20"
    license = "Apache-2.0"
    topics = ("onnx", "resize", "interpolation", "tensor", "header-only")
    package_type = "header-library"
    settings = "os", "arch", "compiler", "build_type"
    no_copy_source = True

    def export_sources(self):
        # The recipe lives in cmake/packaging/conan; the sources are three folders up.
        root = os.path.join(self.recipe_folder, "..", "..", "..")
        copy(self, "include/*", src=root, dst=self.export_sources_folder)
        copy(self, "LICENSE", src=root, dst=self.export_sources_folder)

    def layout(self):
        basic_layout(self, src_folder=".")

    def requirements(self):
        self.requires("eigen/3.4.0")

    def package_id(self):
        self.info.clear()

    def validate(self):
        if self.settings.get_safe("compiler.cppstd"):
            check_min_cppstd(self, 20)

    def package(self):
        copy(self, "LICENSE", src=self.source_folder, dst=os.path.join(self.package_folder, "licenses"))
        copy(self, "*.hpp", src=os.path.join(self.source_folder, "include"),
             dst=os.path.join(self.package_folder, "include"))

    def package_info(self):
        # Same names as the CMake package the project installs itself.
        self.cpp_info.set_property("cmake_file_name", "ndresize")
        self.cpp_info.set_property("cmake_target_name", "ndresize::ndresize")
        self.cpp_info.bindirs = []
        self.cpp_info.libdirs = []
        # No components: consumers of ndresize::ndresize get every requirement (Eigen3::Eigen).

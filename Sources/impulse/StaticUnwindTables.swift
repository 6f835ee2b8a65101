// The release build on Linux is one static executable (Package.swift): no dynamic loader, no shared libraries to
// map and relocate at every start. One cost of static linking is undone here.
//
// In a static executable, the C start-up file `crtbeginT.o` hands the program's whole `.eh_frame` to libgcc's
// unwinder (`__register_frame_info`). The first unwind of the process then decodes and sorts every frame
// description of the binary (about 50,000, some 13 ms). And every process that starts the Swift concurrency
// runtime's main loop unwinds: `impulse` has an async `main`, whose drain of the main queue ends in
// `dispatch_main()`, which calls `pthread_exit` on the main thread (the language server's start went from 10.6 to
// 23.4 ms of CPU). A dynamic executable registers nothing: libgcc finds a frame through `dl_iterate_phdr` and
// the binary-search table of `.eh_frame_hdr` (`PT_GNU_EH_FRAME`), which static glibc supports as well.
//
// So the static link routes `crtbeginT.o`'s two calls here (`--wrap=__register_frame_info`,
// `--wrap=__deregister_frame_info`), where they do nothing, and keeps `--eh-frame-hdr`: the unwinder then looks
// frames up in the table the linker wrote, as in a dynamic executable. Nothing else registers frames. In other
// builds nothing calls these two functions.

/// Stands in for libgcc's `__register_frame_info` in the static link: registers nothing.
@_cdecl("__wrap___register_frame_info")
func skipFrameRegistration(_ frames: UnsafeRawPointer?, _ object: UnsafeMutableRawPointer?) {}

/// Stands in for libgcc's `__deregister_frame_info` in the static link: nothing was registered.
@_cdecl("__wrap___deregister_frame_info")
func skipFrameDeregistration(_ frames: UnsafeRawPointer?) -> UnsafeMutableRawPointer? { nil }

grammar/CMakeFiles/wgslemu_grammar.dir/syntax_errors.cpp.o: \
 /work/main/grammar/syntax_errors.cpp /usr/include/stdc-predef.h \
 /work/main/grammar/syntax_errors.h /usr/include/c++/12/memory \
 /usr/include/c++/12/bits/stl_algobase.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/c++config.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/os_defines.h \
 /usr/include/features.h /usr/include/features-time64.h \
 /usr/include/x86_64-linux-gnu/bits/wordsize.h \
 /usr/include/x86_64-linux-gnu/bits/timesize.h \
 /usr/include/x86_64-linux-gnu/sys/cdefs.h \
 /usr/include/x86_64-linux-gnu/bits/long-double.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs-64.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/cpu_defines.h \
 /usr/include/c++/12/pstl/pstl_config.h \
 /usr/include/c++/12/bits/functexcept.h \
 /usr/include/c++/12/bits/exception_defines.h \
 /usr/include/c++/12/bits/cpp_type_traits.h \
 /usr/include/c++/12/ext/type_traits.h \
 /usr/include/c++/12/ext/numeric_traits.h \
 /usr/include/c++/12/bits/stl_pair.h /usr/include/c++/12/type_traits \
 /usr/include/c++/12/bits/move.h /usr/include/c++/12/bits/utility.h \
 /usr/include/c++/12/bits/stl_iterator_base_types.h \
 /usr/include/c++/12/bits/stl_iterator_base_funcs.h \
 /usr/include/c++/12/bits/concept_check.h \
 /usr/include/c++/12/debug/assertions.h \
 /usr/include/c++/12/bits/stl_iterator.h \
 /usr/include/c++/12/bits/ptr_traits.h /usr/include/c++/12/debug/debug.h \
 /usr/include/c++/12/bits/predefined_ops.h \
 /usr/include/c++/12/bits/allocator.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/c++allocator.h \
 /usr/include/c++/12/bits/new_allocator.h /usr/include/c++/12/new \
 /usr/include/c++/12/bits/exception.h \
 /usr/include/c++/12/bits/memoryfwd.h \
 /usr/include/c++/12/bits/stl_construct.h \
 /usr/include/c++/12/bits/stl_uninitialized.h \
 /usr/include/c++/12/ext/alloc_traits.h \
 /usr/include/c++/12/bits/alloc_traits.h \
 /usr/include/c++/12/bits/stl_tempbuf.h \
 /usr/include/c++/12/bits/stl_raw_storage_iter.h \
 /usr/include/c++/12/bits/align.h /usr/include/c++/12/bit \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stdint.h /usr/include/stdint.h \
 /usr/include/x86_64-linux-gnu/bits/libc-header-start.h \
 /usr/include/x86_64-linux-gnu/bits/types.h \
 /usr/include/x86_64-linux-gnu/bits/typesizes.h \
 /usr/include/x86_64-linux-gnu/bits/time64.h \
 /usr/include/x86_64-linux-gnu/bits/wchar.h \
 /usr/include/x86_64-linux-gnu/bits/stdint-intn.h \
 /usr/include/x86_64-linux-gnu/bits/stdint-uintn.h \
 /usr/include/c++/12/bits/uses_allocator.h \
 /usr/include/c++/12/bits/unique_ptr.h /usr/include/c++/12/tuple \
 /usr/include/c++/12/bits/invoke.h \
 /usr/include/c++/12/bits/stl_function.h \
 /usr/include/c++/12/backward/binders.h \
 /usr/include/c++/12/bits/functional_hash.h \
 /usr/include/c++/12/bits/hash_bytes.h \
 /usr/include/c++/12/bits/shared_ptr.h /usr/include/c++/12/iosfwd \
 /usr/include/c++/12/bits/stringfwd.h /usr/include/c++/12/bits/postypes.h \
 /usr/include/c++/12/cwchar /usr/include/wchar.h \
 /usr/include/x86_64-linux-gnu/bits/floatn.h \
 /usr/include/x86_64-linux-gnu/bits/floatn-common.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stdarg.h \
 /usr/include/x86_64-linux-gnu/bits/types/wint_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/mbstate_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__mbstate_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__FILE.h \
 /usr/include/x86_64-linux-gnu/bits/types/FILE.h \
 /usr/include/x86_64-linux-gnu/bits/types/locale_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__locale_t.h \
 /usr/include/c++/12/bits/shared_ptr_base.h /usr/include/c++/12/typeinfo \
 /usr/include/c++/12/bits/allocated_ptr.h \
 /usr/include/c++/12/bits/refwrap.h \
 /usr/include/c++/12/ext/aligned_buffer.h \
 /usr/include/c++/12/ext/atomicity.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/gthr.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/gthr-default.h \
 /usr/include/pthread.h /usr/include/sched.h \
 /usr/include/x86_64-linux-gnu/bits/types/time_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_timespec.h \
 /usr/include/x86_64-linux-gnu/bits/endian.h \
 /usr/include/x86_64-linux-gnu/bits/endianness.h \
 /usr/include/x86_64-linux-gnu/bits/sched.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_sched_param.h \
 /usr/include/x86_64-linux-gnu/bits/cpu-set.h /usr/include/time.h \
 /usr/include/x86_64-linux-gnu/bits/time.h \
 /usr/include/x86_64-linux-gnu/bits/timex.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_timeval.h \
 /usr/include/x86_64-linux-gnu/bits/types/clock_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_tm.h \
 /usr/include/x86_64-linux-gnu/bits/types/clockid_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/timer_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_itimerspec.h \
 /usr/include/x86_64-linux-gnu/bits/pthreadtypes.h \
 /usr/include/x86_64-linux-gnu/bits/thread-shared-types.h \
 /usr/include/x86_64-linux-gnu/bits/pthreadtypes-arch.h \
 /usr/include/x86_64-linux-gnu/bits/atomic_wide_counter.h \
 /usr/include/x86_64-linux-gnu/bits/struct_mutex.h \
 /usr/include/x86_64-linux-gnu/bits/struct_rwlock.h \
 /usr/include/x86_64-linux-gnu/bits/setjmp.h \
 /usr/include/x86_64-linux-gnu/bits/types/__sigset_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct___jmp_buf_tag.h \
 /usr/include/x86_64-linux-gnu/bits/pthread_stack_min-dynamic.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/atomic_word.h \
 /usr/include/x86_64-linux-gnu/sys/single_threaded.h \
 /usr/include/c++/12/ext/concurrence.h /usr/include/c++/12/exception \
 /usr/include/c++/12/bits/exception_ptr.h \
 /usr/include/c++/12/bits/cxxabi_init_exception.h \
 /usr/include/c++/12/bits/nested_exception.h \
 /usr/include/c++/12/bits/shared_ptr_atomic.h \
 /usr/include/c++/12/bits/atomic_base.h \
 /usr/include/c++/12/bits/atomic_lockfree_defines.h \
 /usr/include/c++/12/backward/auto_ptr.h \
 /usr/include/c++/12/pstl/glue_memory_defs.h \
 /usr/include/c++/12/pstl/execution_defs.h /usr/include/fmt/format.h \
 /usr/include/c++/12/cmath /usr/include/math.h \
 /usr/include/x86_64-linux-gnu/bits/math-vector.h \
 /usr/include/x86_64-linux-gnu/bits/libm-simd-decl-stubs.h \
 /usr/include/x86_64-linux-gnu/bits/flt-eval-method.h \
 /usr/include/x86_64-linux-gnu/bits/fp-logb.h \
 /usr/include/x86_64-linux-gnu/bits/fp-fast.h \
 /usr/include/x86_64-linux-gnu/bits/mathcalls-helper-functions.h \
 /usr/include/x86_64-linux-gnu/bits/mathcalls.h \
 /usr/include/x86_64-linux-gnu/bits/mathcalls-narrow.h \
 /usr/include/x86_64-linux-gnu/bits/iscanonical.h \
 /usr/include/c++/12/bits/std_abs.h /usr/include/stdlib.h \
 /usr/include/x86_64-linux-gnu/bits/waitflags.h \
 /usr/include/x86_64-linux-gnu/bits/waitstatus.h \
 /usr/include/x86_64-linux-gnu/sys/types.h /usr/include/endian.h \
 /usr/include/x86_64-linux-gnu/bits/byteswap.h \
 /usr/include/x86_64-linux-gnu/bits/uintn-identity.h \
 /usr/include/x86_64-linux-gnu/sys/select.h \
 /usr/include/x86_64-linux-gnu/bits/select.h \
 /usr/include/x86_64-linux-gnu/bits/types/sigset_t.h \
 /usr/include/alloca.h /usr/include/x86_64-linux-gnu/bits/stdlib-float.h \
 /usr/include/c++/12/bits/specfun.h /usr/include/c++/12/limits \
 /usr/include/c++/12/tr1/gamma.tcc \
 /usr/include/c++/12/tr1/special_function_util.h \
 /usr/include/c++/12/tr1/bessel_function.tcc \
 /usr/include/c++/12/tr1/beta_function.tcc \
 /usr/include/c++/12/tr1/ell_integral.tcc \
 /usr/include/c++/12/tr1/exp_integral.tcc \
 /usr/include/c++/12/tr1/hypergeometric.tcc \
 /usr/include/c++/12/tr1/legendre_function.tcc \
 /usr/include/c++/12/tr1/modified_bessel_func.tcc \
 /usr/include/c++/12/tr1/poly_hermite.tcc \
 /usr/include/c++/12/tr1/poly_laguerre.tcc \
 /usr/include/c++/12/tr1/riemann_zeta.tcc /usr/include/c++/12/cstdint \
 /usr/include/c++/12/cstring /usr/include/string.h /usr/include/strings.h \
 /usr/include/c++/12/stdexcept /usr/include/c++/12/string \
 /usr/include/c++/12/bits/char_traits.h \
 /usr/include/c++/12/bits/localefwd.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/c++locale.h \
 /usr/include/c++/12/clocale /usr/include/locale.h \
 /usr/include/x86_64-linux-gnu/bits/locale.h /usr/include/c++/12/cctype \
 /usr/include/ctype.h /usr/include/c++/12/bits/ostream_insert.h \
 /usr/include/c++/12/bits/cxxabi_forced.h \
 /usr/include/c++/12/bits/range_access.h \
 /usr/include/c++/12/initializer_list \
 /usr/include/c++/12/bits/basic_string.h /usr/include/c++/12/string_view \
 /usr/include/c++/12/bits/string_view.tcc \
 /usr/include/c++/12/ext/string_conversions.h /usr/include/c++/12/cstdlib \
 /usr/include/c++/12/cstdio /usr/include/stdio.h \
 /usr/include/x86_64-linux-gnu/bits/types/__fpos_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__fpos64_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_FILE.h \
 /usr/include/x86_64-linux-gnu/bits/types/cookie_io_functions_t.h \
 /usr/include/x86_64-linux-gnu/bits/stdio_lim.h \
 /usr/include/c++/12/cerrno /usr/include/errno.h \
 /usr/include/x86_64-linux-gnu/bits/errno.h /usr/include/linux/errno.h \
 /usr/include/x86_64-linux-gnu/asm/errno.h \
 /usr/include/asm-generic/errno.h /usr/include/asm-generic/errno-base.h \
 /usr/include/x86_64-linux-gnu/bits/types/error_t.h \
 /usr/include/c++/12/bits/charconv.h \
 /usr/include/c++/12/bits/basic_string.tcc \
 /usr/include/c++/12/system_error \
 /usr/include/x86_64-linux-gnu/c++/12/bits/error_constants.h \
 /usr/include/fmt/core.h /usr/include/c++/12/cstddef \
 /usr/include/c++/12/iterator /usr/include/c++/12/bits/stream_iterator.h \
 /usr/include/c++/12/bits/streambuf_iterator.h \
 /usr/include/c++/12/streambuf /usr/include/c++/12/bits/ios_base.h \
 /usr/include/c++/12/bits/locale_classes.h \
 /usr/include/c++/12/bits/locale_classes.tcc \
 /usr/include/c++/12/bits/streambuf.tcc \
 /work/main/build-debug/grammar/generated/WGSLParser.h \
 /usr/include/antlr4-runtime/antlr4-runtime.h \
 /usr/include/antlr4-runtime/antlr4-common.h \
 /usr/include/c++/12/algorithm /usr/include/c++/12/bits/stl_algo.h \
 /usr/include/c++/12/bits/algorithmfwd.h \
 /usr/include/c++/12/bits/stl_heap.h \
 /usr/include/c++/12/bits/uniform_int_dist.h \
 /usr/include/c++/12/pstl/glue_algorithm_defs.h /usr/include/assert.h \
 /usr/include/c++/12/atomic /usr/include/c++/12/chrono \
 /usr/include/c++/12/bits/chrono.h /usr/include/c++/12/ratio \
 /usr/include/c++/12/ctime /usr/include/c++/12/bits/parse_numbers.h \
 /usr/include/c++/12/fstream /usr/include/c++/12/istream \
 /usr/include/c++/12/ios /usr/include/c++/12/bits/basic_ios.h \
 /usr/include/c++/12/bits/locale_facets.h /usr/include/c++/12/cwctype \
 /usr/include/wctype.h /usr/include/x86_64-linux-gnu/bits/wctype-wchar.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/ctype_base.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/ctype_inline.h \
 /usr/include/c++/12/bits/locale_facets.tcc \
 /usr/include/c++/12/bits/basic_ios.tcc /usr/include/c++/12/ostream \
 /usr/include/c++/12/bits/ostream.tcc \
 /usr/include/c++/12/bits/istream.tcc /usr/include/c++/12/bits/codecvt.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/basic_file.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/c++io.h \
 /usr/include/c++/12/bits/fstream.tcc /usr/include/c++/12/iostream \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/limits.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/syslimits.h \
 /usr/include/limits.h /usr/include/x86_64-linux-gnu/bits/posix1_lim.h \
 /usr/include/x86_64-linux-gnu/bits/local_lim.h \
 /usr/include/linux/limits.h \
 /usr/include/x86_64-linux-gnu/bits/posix2_lim.h \
 /usr/include/x86_64-linux-gnu/bits/xopen_lim.h \
 /usr/include/x86_64-linux-gnu/bits/uio_lim.h /usr/include/c++/12/list \
 /usr/include/c++/12/bits/stl_list.h /usr/include/c++/12/bits/list.tcc \
 /usr/include/c++/12/map /usr/include/c++/12/bits/stl_tree.h \
 /usr/include/c++/12/bits/node_handle.h \
 /usr/include/c++/12/bits/stl_map.h \
 /usr/include/c++/12/bits/stl_multimap.h \
 /usr/include/c++/12/bits/erase_if.h /usr/include/c++/12/set \
 /usr/include/c++/12/bits/stl_set.h \
 /usr/include/c++/12/bits/stl_multiset.h /usr/include/c++/12/stdlib.h \
 /usr/include/c++/12/sstream /usr/include/c++/12/bits/sstream.tcc \
 /usr/include/c++/12/stack /usr/include/c++/12/deque \
 /usr/include/c++/12/bits/stl_deque.h /usr/include/c++/12/bits/deque.tcc \
 /usr/include/c++/12/bits/stl_stack.h /usr/include/c++/12/unordered_map \
 /usr/include/c++/12/bits/hashtable.h \
 /usr/include/c++/12/bits/hashtable_policy.h \
 /usr/include/c++/12/bits/enable_special_members.h \
 /usr/include/c++/12/bits/unordered_map.h \
 /usr/include/c++/12/unordered_set \
 /usr/include/c++/12/bits/unordered_set.h /usr/include/c++/12/utility \
 /usr/include/c++/12/bits/stl_relops.h /usr/include/c++/12/vector \
 /usr/include/c++/12/bits/stl_vector.h \
 /usr/include/c++/12/bits/stl_bvector.h \
 /usr/include/c++/12/bits/vector.tcc /usr/include/c++/12/mutex \
 /usr/include/c++/12/bits/std_mutex.h \
 /usr/include/c++/12/bits/unique_lock.h /usr/include/c++/12/bitset \
 /usr/include/c++/12/condition_variable /usr/include/c++/12/functional \
 /usr/include/c++/12/bits/std_function.h /usr/include/c++/12/array \
 /usr/include/c++/12/compare /usr/include/c++/12/codecvt \
 /usr/include/antlr4-runtime/support/guid.h /usr/include/c++/12/iomanip \
 /usr/include/c++/12/locale \
 /usr/include/c++/12/bits/locale_facets_nonio.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/time_members.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/messages_members.h \
 /usr/include/libintl.h /usr/include/c++/12/bits/locale_facets_nonio.tcc \
 /usr/include/c++/12/bits/locale_conv.h \
 /usr/include/c++/12/bits/quoted_string.h \
 /usr/include/antlr4-runtime/support/Declarations.h \
 /usr/include/antlr4-runtime/ANTLRErrorListener.h \
 /usr/include/antlr4-runtime/RecognitionException.h \
 /usr/include/antlr4-runtime/Exceptions.h \
 /usr/include/antlr4-runtime/ANTLRErrorStrategy.h \
 /usr/include/antlr4-runtime/Token.h \
 /usr/include/antlr4-runtime/IntStream.h \
 /usr/include/antlr4-runtime/ANTLRFileStream.h \
 /usr/include/antlr4-runtime/ANTLRInputStream.h \
 /usr/include/antlr4-runtime/CharStream.h \
 /usr/include/antlr4-runtime/misc/Interval.h \
 /usr/include/antlr4-runtime/BailErrorStrategy.h \
 /usr/include/antlr4-runtime/DefaultErrorStrategy.h \
 /usr/include/antlr4-runtime/misc/IntervalSet.h \
 /usr/include/antlr4-runtime/BaseErrorListener.h \
 /usr/include/antlr4-runtime/BufferedTokenStream.h \
 /usr/include/antlr4-runtime/TokenStream.h \
 /usr/include/antlr4-runtime/CommonToken.h \
 /usr/include/antlr4-runtime/WritableToken.h \
 /usr/include/antlr4-runtime/CommonTokenFactory.h \
 /usr/include/antlr4-runtime/TokenFactory.h \
 /usr/include/antlr4-runtime/CommonTokenStream.h \
 /usr/include/antlr4-runtime/ConsoleErrorListener.h \
 /usr/include/antlr4-runtime/DiagnosticErrorListener.h \
 /usr/include/antlr4-runtime/FailedPredicateException.h \
 /usr/include/antlr4-runtime/InputMismatchException.h \
 /usr/include/antlr4-runtime/InterpreterRuleContext.h \
 /usr/include/antlr4-runtime/ParserRuleContext.h \
 /usr/include/antlr4-runtime/RuleContext.h \
 /usr/include/antlr4-runtime/tree/ParseTree.h \
 /usr/include/antlr4-runtime/support/Any.h \
 /usr/include/antlr4-runtime/support/CPPUtils.h \
 /usr/include/antlr4-runtime/Lexer.h \
 /usr/include/antlr4-runtime/Recognizer.h \
 /usr/include/antlr4-runtime/ProxyErrorListener.h \
 /usr/include/antlr4-runtime/TokenSource.h \
 /usr/include/antlr4-runtime/LexerInterpreter.h \
 /usr/include/antlr4-runtime/atn/PredictionContext.h \
 /usr/include/antlr4-runtime/atn/ATN.h \
 /usr/include/antlr4-runtime/atn/ATNState.h \
 /usr/include/antlr4-runtime/Vocabulary.h \
 /usr/include/antlr4-runtime/LexerNoViableAltException.h \
 /usr/include/antlr4-runtime/atn/ATNConfigSet.h \
 /usr/include/antlr4-runtime/support/BitSet.h \
 /usr/include/antlr4-runtime/ListTokenSource.h \
 /usr/include/antlr4-runtime/NoViableAltException.h \
 /usr/include/antlr4-runtime/Parser.h \
 /usr/include/antlr4-runtime/tree/ParseTreeListener.h \
 /usr/include/antlr4-runtime/ParserInterpreter.h \
 /usr/include/antlr4-runtime/RuleContextWithAltNum.h \
 /usr/include/antlr4-runtime/RuntimeMetaData.h \
 /usr/include/antlr4-runtime/TokenStreamRewriter.h \
 /usr/include/antlr4-runtime/UnbufferedCharStream.h \
 /usr/include/antlr4-runtime/UnbufferedTokenStream.h \
 /usr/include/antlr4-runtime/atn/ATNConfig.h \
 /usr/include/antlr4-runtime/atn/ATNDeserializationOptions.h \
 /usr/include/antlr4-runtime/atn/ATNDeserializer.h \
 /usr/include/antlr4-runtime/atn/LexerAction.h \
 /usr/include/antlr4-runtime/atn/LexerActionType.h \
 /usr/include/antlr4-runtime/atn/ATNSerializer.h \
 /usr/include/antlr4-runtime/atn/ATNSimulator.h \
 /usr/include/antlr4-runtime/atn/ATNType.h \
 /usr/include/antlr4-runtime/atn/AbstractPredicateTransition.h \
 /usr/include/antlr4-runtime/atn/Transition.h \
 /usr/include/antlr4-runtime/atn/ActionTransition.h \
 /usr/include/antlr4-runtime/atn/AmbiguityInfo.h \
 /usr/include/antlr4-runtime/atn/DecisionEventInfo.h \
 /usr/include/antlr4-runtime/atn/ArrayPredictionContext.h \
 /usr/include/antlr4-runtime/atn/AtomTransition.h \
 /usr/include/antlr4-runtime/atn/BasicBlockStartState.h \
 /usr/include/antlr4-runtime/atn/BlockStartState.h \
 /usr/include/antlr4-runtime/atn/DecisionState.h \
 /usr/include/antlr4-runtime/atn/BasicState.h \
 /usr/include/antlr4-runtime/atn/BlockEndState.h \
 /usr/include/antlr4-runtime/atn/ContextSensitivityInfo.h \
 /usr/include/antlr4-runtime/atn/DecisionInfo.h \
 /usr/include/antlr4-runtime/atn/PredicateEvalInfo.h \
 /usr/include/antlr4-runtime/atn/ErrorInfo.h \
 /usr/include/antlr4-runtime/atn/EmptyPredictionContext.h \
 /usr/include/antlr4-runtime/atn/SingletonPredictionContext.h \
 /usr/include/antlr4-runtime/atn/EpsilonTransition.h \
 /usr/include/antlr4-runtime/atn/LL1Analyzer.h \
 /usr/include/antlr4-runtime/atn/LexerATNConfig.h \
 /usr/include/antlr4-runtime/atn/LexerATNSimulator.h \
 /usr/include/antlr4-runtime/atn/LexerActionExecutor.h \
 /usr/include/antlr4-runtime/atn/LexerChannelAction.h \
 /usr/include/antlr4-runtime/atn/LexerCustomAction.h \
 /usr/include/antlr4-runtime/atn/LexerIndexedCustomAction.h \
 /usr/include/antlr4-runtime/atn/LexerModeAction.h \
 /usr/include/antlr4-runtime/atn/LexerMoreAction.h \
 /usr/include/antlr4-runtime/atn/LexerPopModeAction.h \
 /usr/include/antlr4-runtime/atn/LexerPushModeAction.h \
 /usr/include/antlr4-runtime/atn/LexerSkipAction.h \
 /usr/include/antlr4-runtime/atn/LexerTypeAction.h \
 /usr/include/antlr4-runtime/atn/LookaheadEventInfo.h \
 /usr/include/antlr4-runtime/atn/LoopEndState.h \
 /usr/include/antlr4-runtime/atn/NotSetTransition.h \
 /usr/include/antlr4-runtime/atn/SetTransition.h \
 /usr/include/antlr4-runtime/atn/OrderedATNConfigSet.h \
 /usr/include/antlr4-runtime/atn/ParseInfo.h \
 /usr/include/antlr4-runtime/atn/ParserATNSimulator.h \
 /usr/include/antlr4-runtime/atn/PredictionMode.h \
 /usr/include/antlr4-runtime/dfa/DFAState.h \
 /usr/include/antlr4-runtime/atn/SemanticContext.h \
 /usr/include/antlr4-runtime/atn/PlusBlockStartState.h \
 /usr/include/antlr4-runtime/atn/PlusLoopbackState.h \
 /usr/include/antlr4-runtime/atn/PrecedencePredicateTransition.h \
 /usr/include/antlr4-runtime/atn/PredicateTransition.h \
 /usr/include/antlr4-runtime/atn/ProfilingATNSimulator.h \
 /usr/include/antlr4-runtime/atn/RangeTransition.h \
 /usr/include/antlr4-runtime/atn/RuleStartState.h \
 /usr/include/antlr4-runtime/atn/RuleStopState.h \
 /usr/include/antlr4-runtime/atn/RuleTransition.h \
 /usr/include/antlr4-runtime/atn/StarBlockStartState.h \
 /usr/include/antlr4-runtime/atn/StarLoopEntryState.h \
 /usr/include/antlr4-runtime/atn/StarLoopbackState.h \
 /usr/include/antlr4-runtime/atn/TokensStartState.h \
 /usr/include/antlr4-runtime/atn/WildcardTransition.h \
 /usr/include/antlr4-runtime/dfa/DFA.h \
 /usr/include/antlr4-runtime/dfa/DFASerializer.h \
 /usr/include/antlr4-runtime/dfa/LexerDFASerializer.h \
 /usr/include/antlr4-runtime/misc/InterpreterDataReader.h \
 /usr/include/antlr4-runtime/misc/MurmurHash.h \
 /usr/include/antlr4-runtime/misc/Predicate.h \
 /usr/include/antlr4-runtime/support/Arrays.h \
 /usr/include/antlr4-runtime/support/StringUtils.h \
 /usr/include/antlr4-runtime/tree/AbstractParseTreeVisitor.h \
 /usr/include/antlr4-runtime/tree/ParseTreeVisitor.h \
 /usr/include/antlr4-runtime/tree/ErrorNode.h \
 /usr/include/antlr4-runtime/tree/TerminalNode.h \
 /usr/include/antlr4-runtime/tree/ErrorNodeImpl.h \
 /usr/include/antlr4-runtime/tree/TerminalNodeImpl.h \
 /usr/include/antlr4-runtime/tree/ParseTreeProperty.h \
 /usr/include/antlr4-runtime/tree/ParseTreeWalker.h \
 /usr/include/antlr4-runtime/tree/Trees.h \
 /usr/include/antlr4-runtime/tree/pattern/Chunk.h \
 /usr/include/antlr4-runtime/tree/pattern/ParseTreeMatch.h \
 /usr/include/antlr4-runtime/tree/pattern/ParseTreePattern.h \
 /usr/include/antlr4-runtime/tree/pattern/ParseTreePatternMatcher.h \
 /usr/include/antlr4-runtime/tree/pattern/RuleTagToken.h \
 /usr/include/antlr4-runtime/tree/pattern/TagChunk.h \
 /usr/include/antlr4-runtime/tree/pattern/TextChunk.h \
 /usr/include/antlr4-runtime/tree/pattern/TokenTagToken.h \
 /usr/include/antlr4-runtime/tree/xpath/XPath.h \
 /usr/include/antlr4-runtime/tree/xpath/XPathElement.h \
 /usr/include/antlr4-runtime/tree/xpath/XPathLexer.h \
 /usr/include/antlr4-runtime/tree/xpath/XPathLexerErrorListener.h \
 /usr/include/antlr4-runtime/tree/xpath/XPathRuleAnywhereElement.h \
 /usr/include/antlr4-runtime/tree/xpath/XPathRuleElement.h \
 /usr/include/antlr4-runtime/tree/xpath/XPathTokenAnywhereElement.h \
 /usr/include/antlr4-runtime/tree/xpath/XPathTokenElement.h \
 /usr/include/antlr4-runtime/tree/xpath/XPathWildcardAnywhereElement.h \
 /usr/include/antlr4-runtime/tree/xpath/XPathWildcardElement.h \
 /work/main/grammar/diagnostics.h

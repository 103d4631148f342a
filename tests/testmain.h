#pragma once
// The suites are linked into two executables (tests/CMakeLists.txt: assay_suites for the model
// layer and the CLI, assay_gui_suites for widgets and the main window) instead of one
// executable each, which halves the test build. Each suite registers itself here in place of
// QTEST_MAIN; `assay_suites tst_core [Qt Test options]` then runs TestCore in a process of its
// own with the application object its QTEST_* macro would have made (tests/support/suitemain.cpp).
// A suite's name is its source file's (tst_core.cpp → "tst_core"), as its ctest is named
// (tests/CMakeLists.txt checks it): the sources are compiled in batches, so no definition
// may be given per source. Each suite wraps its code in a namespace named after it.
#include <QObject>

#include <string>

namespace assay::test {

enum class SuiteApp { None, Core, Gui, Widgets };

struct Suite {
    std::string name; // the suite's ctest name, e.g. "tst_core"
    SuiteApp app;
    QObject *(*make)();
};

// Registers the suite defined in the source file `file` (its __FILE__).
bool registerSuite(const char *file, SuiteApp app, QObject *(*make)());

} // namespace assay::test

#ifdef QT_WIDGETS_LIB
#define ASSAY_TEST_MAIN_APP assay::test::SuiteApp::Widgets
#else
#define ASSAY_TEST_MAIN_APP assay::test::SuiteApp::Gui
#endif

#define ASSAY_TEST_REGISTER(TestObject, App)                                                                                   \
    namespace {                                                                                                                \
    [[maybe_unused]] const bool assaySuiteRegistered =                                                                        \
        assay::test::registerSuite(__FILE__, App, []() -> QObject * { return new TestObject; });                                \
    }

// As QTEST_MAIN: a QApplication when the suite links widgets, else a QGuiApplication.
#define ASSAY_TEST_MAIN(TestObject) ASSAY_TEST_REGISTER(TestObject, ASSAY_TEST_MAIN_APP)
// As QTEST_GUILESS_MAIN: a QCoreApplication.
#define ASSAY_TEST_GUILESS_MAIN(TestObject) ASSAY_TEST_REGISTER(TestObject, assay::test::SuiteApp::Core)
// As QTEST_APPLESS_MAIN: no application object.
#define ASSAY_TEST_APPLESS_MAIN(TestObject) ASSAY_TEST_REGISTER(TestObject, assay::test::SuiteApp::None)

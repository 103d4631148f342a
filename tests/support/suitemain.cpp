// The main of a suite executable (tests/testmain.h): `SUITES NAME [Qt Test options]` runs the
// suite NAME as its own QTEST_* main would; without a known NAME it lists the suites.
#include "testmain.h"

#include <QCoreApplication>
#include <QtTest>
#ifdef QT_WIDGETS_LIB
#include <QApplication>
#endif
#ifdef QT_GUI_LIB
#include <QGuiApplication>
#endif

#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

namespace assay::test {

namespace {
std::vector<Suite> &suites()
{
    static std::vector<Suite> all;
    return all;
}
} // namespace

bool registerSuite(const char *file, SuiteApp app, QObject *(*make)())
{
    std::string name(file);
    name.erase(0, name.find_last_of('/') + 1);
    name.erase(name.rfind('.'));
    suites().push_back({name, app, make});
    return true;
}

} // namespace assay::test

using namespace assay::test;

namespace {

template <typename App>
int runIn(const Suite &suite, int argc, char **argv)
{
    App app(argc, argv);
    app.setAttribute(Qt::AA_Use96Dpi, true);
    std::unique_ptr<QObject> tc(suite.make());
    return QTest::qExec(tc.get(), argc, argv);
}

} // namespace

int main(int argc, char **argv)
{
    const Suite *suite = nullptr;
    for (const Suite &s : suites())
        if (argc >= 2 && s.name == argv[1])
            suite = &s;
    if (!suite) {
        std::fprintf(stderr, "usage: %s SUITE [Qt Test options]\nsuites:", argv[0]);
        for (const Suite &s : suites())
            std::fprintf(stderr, " %s", s.name.c_str());
        std::fprintf(stderr, "\n");
        return 2;
    }
    // The suite's own command line: the program, then what follows the suite's name.
    std::vector<char *> args{argv[0]};
    for (int i = 2; i < argc; ++i)
        args.push_back(argv[i]);
    args.push_back(nullptr);
    int n = argc - 1;
    switch (suite->app) {
    case SuiteApp::None: {
        std::unique_ptr<QObject> tc(suite->make());
        return QTest::qExec(tc.get(), n, args.data());
    }
    case SuiteApp::Core: return runIn<QCoreApplication>(*suite, n, args.data());
#ifdef QT_WIDGETS_LIB
    case SuiteApp::Widgets: return runIn<QApplication>(*suite, n, args.data());
#else
    case SuiteApp::Widgets: break;
#endif
#ifdef QT_GUI_LIB
    case SuiteApp::Gui: return runIn<QGuiApplication>(*suite, n, args.data());
#else
    case SuiteApp::Gui: break;
#endif
    }
    std::fprintf(stderr, "%s: this executable cannot make the application object suite %s needs\n", argv[0], suite->name.c_str());
    return 2;
}

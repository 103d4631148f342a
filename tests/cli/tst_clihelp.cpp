// `assay-cli … --help` for every command and every subcommand, read as a user reads it: it
// exits 0 and starts with the command's usage line; no line holds a single letter (Qt prints
// a name one letter per line when a parser has no option to size its name column); no word is
// cut across two lines; and every option the README shows for a command is in its help.
#include "testmain.h"
#include "clirun.h"

#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QtTest>

namespace tst_clihelp {

namespace {

// The commands `assay-cli --help` lists.
QStringList commands()
{
    const CliOutcome o = runCli({QStringLiteral("--help")});
    QStringList names;
    bool inList = false;
    for (const QString &line : o.out.split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1String("Commands:"))) {
            inList = true;
            continue;
        }
        if (inList && line.trimmed().isEmpty())
            break;
        if (inList)
            names << line.trimmed().section(QLatin1Char(' '), 0, 0);
    }
    return names;
}

// The subcommands a help names as its first argument: "exam [options] generate|stats|take …".
QStringList subcommands(const QString &command, const QString &help)
{
    const QString usage = help.section(QLatin1Char('\n'), 0, 0);
    const QStringList words = usage.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    const qsizetype at = words.indexOf(command);
    for (qsizetype i = at + 1; at >= 0 && i < words.size(); ++i) {
        if (words[i] == QLatin1String("[options]"))
            continue;
        if (!words[i].contains(QLatin1Char('|')) || words[i].contains(QLatin1Char('.')))
            return {};
        QStringList subs = words[i].split(QLatin1Char('|'), Qt::SkipEmptyParts);
        for (const QString &s : std::as_const(subs))
            if (!QRegularExpression(QStringLiteral("^[a-z][a-z-]*$")).match(s).hasMatch())
                return {};
        return subs;
    }
    return {};
}

// What is wrong with one help text, or empty.
QString problems(const QString &what, const QString &help)
{
    QStringList found;
    const QStringList lines = help.split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i) {
        const QString t = lines[i].trimmed();
        if (t.size() == 1)
            found << QStringLiteral("line %1 holds one letter: '%2'").arg(i + 1).arg(t);
        // Qt wraps a description at spaces; it cuts a word only when no space is left on the
        // line, and then fills the line to the last column (79). A filled line whose description
        // part (after the name column's two or more spaces) holds no space is such a cut.
        const qsizetype column = lines[i].lastIndexOf(QLatin1String("  "));
        const QString description = column >= 0 ? lines[i].mid(column + 2) : lines[i];
        if (lines[i].size() >= 78 && !description.isEmpty() && !description.contains(QLatin1Char(' ')))
            found << QStringLiteral("line %1 cuts a word: '%2'").arg(i + 1).arg(description);
    }
    return found.isEmpty() ? QString() : what + QStringLiteral(": ") + found.join(QStringLiteral("; "));
}

} // namespace

class TestCliHelp : public QObject {
    Q_OBJECT

private slots:
    void everyCommandAndSubcommand()
    {
        const QStringList names = commands();
        QVERIFY2(names.size() >= 20, qPrintable(names.join(QLatin1Char(' '))));
        int helps = 0;
        QStringList failures;
        for (const QString &command : names) {
            const CliOutcome o = runCli({command, QStringLiteral("--help")});
            ++helps;
            if (o.code != 0 || !o.out.startsWith(QStringLiteral("Usage: assay-cli ") + command)) {
                failures << QStringLiteral("%1 --help: exit %2, '%3'").arg(command).arg(o.code).arg(o.out.left(80) + o.err.left(200));
                continue;
            }
            if (const QString p = problems(command, o.out); !p.isEmpty())
                failures << p;
            for (const QString &sub : subcommands(command, o.out)) {
                const CliOutcome s = runCli({command, sub, QStringLiteral("--help")});
                ++helps;
                if (s.code != 0 || !s.out.startsWith(QStringLiteral("Usage: assay-cli ") + command))
                    failures << QStringLiteral("%1 %2 --help: exit %3, '%4'").arg(command, sub).arg(s.code).arg(s.out.left(80) + s.err.left(200));
                else if (const QString p = problems(command + QLatin1Char(' ') + sub, s.out); !p.isEmpty())
                    failures << p;
            }
        }
        qInfo("%d help texts read", helps);
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));
        QVERIFY(helps > names.size()); // subcommands were found and read too
    }

    // `exam --help` says which subcommands --json serves, estimate among them (issue 50 item 6 g).
    void examHelpDocumentsEstimateJson()
    {
        const CliOutcome o = runCli({QStringLiteral("exam"), QStringLiteral("--help")});
        QCOMPARE(o.code, 0);
        const qsizetype at = o.out.indexOf(QLatin1String("--json"));
        QVERIFY(at >= 0);
        qsizetype end = o.out.indexOf(QRegularExpression(QStringLiteral("\\n\\s*-")), at);
        const QString json = o.out.mid(at, end < 0 ? -1 : end - at).simplified();
        QVERIFY2(json.contains(QLatin1String("estimate")) && json.contains(QLatin1String("accuracy")), qPrintable(json));
        QVERIFY2(problems(QStringLiteral("exam"), o.out).isEmpty(), qPrintable(problems(QStringLiteral("exam"), o.out)));
    }

    void theReadmesOptionsAreInTheHelp()
    {
        // Every "--option" on a README line that runs `assay-cli COMMAND [SUB]` is in that help.
        QFile readme(QStringLiteral(ASSAY_SOURCE_DIR "/README.md"));
        QVERIFY(readme.open(QIODevice::ReadOnly));
        const QStringList names = commands();
        const QRegularExpression call(QStringLiteral("assay-cli +([a-z]+)( +[a-z][a-z-]*)?([^`\\n]*)"));
        const QRegularExpression option(QStringLiteral("(?:^|\\s|\\[)(--[a-z][a-z0-9-]*)"));
        QHash<QString, QString> helpOf;
        QStringList missing;
        int checked = 0;
        for (auto m = call.globalMatch(QString::fromUtf8(readme.readAll())); m.hasNext();) {
            const auto match = m.next();
            const QString command = match.captured(1), sub = match.captured(2).trimmed();
            if (!names.contains(command))
                continue;
            const QStringList args = sub.isEmpty() ? QStringList{command, QStringLiteral("--help")} : QStringList{command, sub, QStringLiteral("--help")};
            const QString key = args.join(QLatin1Char(' '));
            if (!helpOf.contains(key))
                helpOf.insert(key, runCli(args).out);
            for (auto o = option.globalMatch(match.captured(3)); o.hasNext();) {
                const QString opt = o.next().captured(1);
                if (opt == QLatin1String("--help"))
                    continue;
                ++checked;
                // A one-letter option is listed as "-k" (and also read as --k).
                const QString listed = opt.size() == 3 ? opt.mid(1) : opt;
                if (!helpOf.value(key).contains(listed))
                    missing << QStringLiteral("%1: %2").arg(key, opt);
            }
        }
        missing.removeDuplicates();
        qInfo("%d README options checked against the help", checked);
        QVERIFY(checked >= 30);
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char('\n'))));
    }
};

ASSAY_TEST_GUILESS_MAIN(TestCliHelp)

} // namespace tst_clihelp
#include "tst_clihelp.moc"

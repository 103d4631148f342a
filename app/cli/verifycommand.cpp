#include "verifycommand.h"

#include "core/job.h"
#include "project/projectfileprobe.h"
#include "project/projectverifier.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace assay {

int VerifyCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Runs SQLite's quick_check over every page of the project (opening a project reads its "
                                                    "header only). Safe while the project is open elsewhere."));
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project file."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print machine-readable JSON."));
    parser.addOption(json);
    if (!parse(parser, args, io, 1, 1))
        return stopped(parser);
    const QString path = parser.positionalArguments().constFirst();
    if (auto s = ProjectFileProbe::checkWritable(path); !s && s.code() != ErrorCode::ReadOnly)
        return fail(io, s.error());
    ProjectVerifier::Report report;
    Job job(QStringLiteral("Verifying %1").arg(path), [&](Job &j) {
        auto verified = ProjectVerifier::verify(path, &j);
        if (!verified)
            return Status::failure(verified);
        report = verified.take();
        return Status();
    });
    int lastPercent = -1;
    QObject::connect(&job, &Job::progressChanged, [&](qint64 done, qint64 total, const QString &, double eta) {
        const int percent = total > 0 ? int(100 * done / total) : 0;
        if (percent / 10 == lastPercent / 10)
            return;
        lastPercent = percent;
        io.err << QStringLiteral("[%1%] checking pages%2\n").arg(percent).arg(eta >= 0 ? QStringLiteral(", about %1 s left").arg(eta, 0, 'f', 0) : QString());
        io.err.flush();
    });
    if (auto s = job.runHere(); !s)
        return fail(io, s.error());
    if (parser.isSet(json)) {
        QJsonObject o{{QStringLiteral("ok"), report.ok},
                      {QStringLiteral("pages"), report.pages},
                      {QStringLiteral("bytes"), report.bytes},
                      {QStringLiteral("seconds"), report.seconds},
                      {QStringLiteral("problems"), QJsonArray::fromStringList(report.problems)}};
        io.out << QJsonDocument(o).toJson(QJsonDocument::Indented);
    } else {
        io.out << report.text() << '\n';
    }
    return report.ok ? ExitOk : ExitFailure;
}

} // namespace assay

#include "retrieval/corpusimporter.h"

#include "io/filereader.h"
#include "project/database.h"
#include "project/project.h"
#include "retrieval/corpusstore.h"
#include "retrieval/grammarcorpusfile.h"

#include <QDirIterator>
#include <QFileInfo>
#include <QSet>

#include <nlohmann/json.hpp>

namespace assay {

namespace {

// One {"id", "text", ...metadata} object per line. On failure `fault` gets the reason without
// the file's name ("line 2: not a JSON object") and the error names file and line.
Result<QVector<CorpusDocument>> readJsonl(const QByteArray &bytes, const QString &path, QString *fault)
{
    using R = Result<QVector<CorpusDocument>>;
    const auto failure = [&](int lineNo, const QString &reason) {
        *fault = QStringLiteral("line %1: %2").arg(lineNo).arg(reason);
        return R::failure(QStringLiteral("%1:%2: %3").arg(path).arg(lineNo).arg(reason));
    };
    QVector<CorpusDocument> docs;
    int lineNo = 0;
    for (const QByteArray &line : bytes.split('\n')) {
        ++lineNo;
        if (line.trimmed().isEmpty())
            continue;
        auto j = nlohmann::json::parse(line.toStdString(), nullptr, false);
        if (!j.is_object())
            return failure(lineNo, QStringLiteral("not a JSON object"));
        if (!j.contains("id") || !j.contains("text") || !j["text"].is_string())
            return failure(lineNo, QStringLiteral("a document needs \"id\" and \"text\""));
        CorpusDocument d;
        d.id = QString::fromStdString(j["id"].is_string() ? j["id"].get<std::string>() : j["id"].dump());
        d.text = QString::fromStdString(j["text"].get<std::string>());
        d.title = QString::fromStdString(j.value("title", std::string()));
        j.erase("id");
        j.erase("text");
        d.metadataJson = QString::fromStdString(j.dump());
        d.source = QStringLiteral("%1:%2").arg(path).arg(lineNo);
        docs << d;
    }
    return docs;
}

} // namespace

Result<CorpusImporter::Format> CorpusImporter::formatOf(const QString &name)
{
    if (name == QLatin1String("dir"))
        return Format::Folder;
    if (name == QLatin1String("jsonl"))
        return Format::Jsonl;
    if (name == QLatin1String("grammar"))
        return Format::Grammar;
    if (name == QLatin1String("auto"))
        return Format::Detect;
    return Result<Format>::failure(QStringLiteral("unknown corpus format '%1' (dir, jsonl, grammar, auto)").arg(name));
}

CorpusImporter::Format CorpusImporter::defaultFor(const QString &path)
{
    const QFileInfo info(path);
    if (info.isDir())
        return Format::Folder;
    return info.suffix().compare(QLatin1String("json"), Qt::CaseInsensitive) == 0 ? Format::Detect : Format::Jsonl;
}

Result<QVector<CorpusImporter::Document>> CorpusImporter::read(const QString &path, Format format)
{
    using R = Result<QVector<Document>>;
    QVector<Document> docs;
    if (format == Format::Folder) {
        const QDir dir(path);
        if (!dir.exists())
            return R::failure(QStringLiteral("%1: no such folder").arg(path));
        QStringList files;
        QDirIterator it(path, {QStringLiteral("*.txt"), QStringLiteral("*.md")}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            files << it.next();
        files.sort(); // corpus order is the files' path order
        for (const QString &file : std::as_const(files)) {
            auto bytes = FileReader::readAll(file);
            if (!bytes)
                return R::failure(bytes.error());
            const QString relative = dir.relativeFilePath(file);
            Document d;
            d.id = relative.left(relative.lastIndexOf(QLatin1Char('.')));
            d.text = QString::fromUtf8(bytes.value());
            d.title = d.text.section(QLatin1Char('\n'), 0, 0).trimmed();
            d.source = file;
            docs << d;
        }
        if (docs.isEmpty())
            return R::failure(QStringLiteral("%1: no .txt or .md files").arg(path));
        return docs;
    }
    auto bytes = FileReader::readAll(path);
    if (!bytes)
        return R::failure(bytes.error());
    if (format == Format::Grammar)
        return GrammarCorpusFile::parse(bytes.value(), path);
    QString jsonlFault;
    auto jsonl = readJsonl(bytes.value(), path, &jsonlFault);
    if (jsonl || format == Format::Jsonl)
        return jsonl;
    // Detect: JSON Lines failed, so GRAMMAR's object; both failing, say what each found
    // (docs/METHODS.md §1.9).
    auto grammar = GrammarCorpusFile::parse(bytes.value(), path);
    if (grammar)
        return grammar;
    QString grammarFault = grammar.error();
    if (grammarFault.startsWith(path + QStringLiteral(": ")))
        grammarFault = grammarFault.mid(path.size() + 2);
    return R::failure(QStringLiteral("%1: neither corpus format reads this file. As JSON Lines ({\"id\", \"text\"} per line): %2. "
                                     "As GRAMMAR's corpus JSON ({doc_id: text} or {doc_id: [text, …]}): %3")
                          .arg(path, jsonlFault, grammarFault));
}

Result<CorpusImporter::Report> CorpusImporter::import(Project &project, const QVector<Document> &documents, const Chunker::Options &chunking)
{
    using R = Result<Report>;
    Database &db = project.database();
    auto existing = CorpusStore(db).documentIds();
    if (!existing)
        return R::failure(existing);
    QSet<QString> ids = existing.take();
    for (const Document &d : documents) {
        if (d.id.trimmed().isEmpty())
            return R::failure(QStringLiteral("%1: a document has an empty id").arg(d.source));
        if (ids.contains(d.id))
            return R::failure(QStringLiteral("%1: duplicate document id '%2'").arg(d.source, d.id));
        ids.insert(d.id);
    }
    Report report;
    QVector<QStringList> chunks;
    chunks.reserve(documents.size());
    for (const Document &d : documents) {
        chunks << Chunker::split(d.text, chunking);
        ++report.documents;
        report.chunks += chunks.last().size();
    }
    if (auto s = CorpusStore(db).addDocuments(documents, chunks); !s)
        return R::failure(s);
    return report;
}

} // namespace assay

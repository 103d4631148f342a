#include "retrieval/corpusimporter.h"

#include "io/filereader.h"
#include "project/database.h"
#include "project/project.h"
#include "retrieval/corpusstore.h"

#include <QDirIterator>
#include <QFileInfo>
#include <QSet>

#include <nlohmann/json.hpp>

namespace assay {

Result<CorpusImporter::Format> CorpusImporter::formatOf(const QString &name)
{
    if (name == QLatin1String("dir"))
        return Format::Folder;
    if (name == QLatin1String("jsonl"))
        return Format::Jsonl;
    if (name == QLatin1String("grammar"))
        return Format::Grammar;
    return Result<Format>::failure(QStringLiteral("unknown corpus format '%1' (dir, jsonl, grammar)").arg(name));
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
    if (format == Format::Grammar) {
        const auto j = nlohmann::ordered_json::parse(bytes.value().toStdString(), nullptr, false);
        if (!j.is_object())
            return R::failure(QStringLiteral("%1: expected a JSON object {doc_id: text}").arg(path));
        for (auto it = j.begin(); it != j.end(); ++it) {
            if (!it.value().is_string())
                return R::failure(QStringLiteral("%1: document %2: the text is not a string").arg(path, QString::fromStdString(it.key())));
            docs << Document{QString::fromStdString(it.key()), {}, QString::fromStdString(it.value().get<std::string>()), QStringLiteral("{}"), path};
        }
        return docs;
    }
    int lineNo = 0;
    for (const QByteArray &line : bytes.value().split('\n')) {
        ++lineNo;
        if (line.trimmed().isEmpty())
            continue;
        auto j = nlohmann::json::parse(line.toStdString(), nullptr, false);
        if (!j.is_object())
            return R::failure(QStringLiteral("%1:%2: not a JSON object").arg(path).arg(lineNo));
        if (!j.contains("id") || !j.contains("text") || !j["text"].is_string())
            return R::failure(QStringLiteral("%1:%2: a document needs \"id\" and \"text\"").arg(path).arg(lineNo));
        Document d;
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

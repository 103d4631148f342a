#pragma once
// Reads accepted text queries with their text derived on the fly (text template filled with
// the group's values), for exports and runs. Patterns and group values are cached.
#include "core/result.h"

#include <QString>

#include <functional>

namespace assay {

class Database;

struct RenderedQuery {
    qint64 id = 0;
    qint64 groupId = 0;
    qint64 sqlTemplateId = 0;
    qint64 textTemplateId = 0;
    QString form;
    QString text;
    QString answer;
    QString documentIdsJson; // JSON array
    QString sql;             // its SQL template's text
    QString valuesJson;      // its group's fill-in values, as stored
};

class QueryRenderer {
public:
    enum class Order { ById, ByGroup };
    explicit QueryRenderer(Database &db);
    // visit returns false to stop early. An empty form means every form.
    Status forEach(const std::function<bool(const RenderedQuery &)> &visit, const QString &form = {}, Order order = Order::ById) const;

private:
    Database &m_db;
};

} // namespace assay

#pragma once
// reader=http — an external RAG system behind a URL: each item is POSTed as JSON built from
// a request template, and the answer (and, when the system reports them, its context ids and
// text) are read from the reply with JSON pointers.
#include "readers/externalreply.h"

#include <QNetworkAccessManager>
#include <QUrl>

namespace assay {

class HttpReader : public Reader {
public:
    HttpReader(QUrl url, nlohmann::json requestTemplate, ExternalReply::Pointers pointers, int timeoutMs = 120000);
    void answer(const ReaderRequest &request, Done done) override;
    int concurrency() const override { return 4; }
    void abort() override;

private:
    QNetworkAccessManager m_network;
    QUrl m_url;
    nlohmann::json m_template;
    ExternalReply::Pointers m_pointers;
    int m_timeoutMs;
};

} // namespace assay

#include "readers/externalreply.h"

#include "io/jsontext.h"

namespace assay {

namespace {

const nlohmann::json *at(const nlohmann::json &reply, const QString &pointer)
{
    if (pointer.isEmpty())
        return nullptr;
    try {
        const nlohmann::json::json_pointer p(pointer.toStdString());
        return reply.contains(p) ? &reply.at(p) : nullptr;
    } catch (const nlohmann::json::exception &) {
        return nullptr;
    }
}

std::string replaced(std::string s, const std::string &from, const std::string &to)
{
    for (size_t pos = s.find(from); pos != std::string::npos; pos = s.find(from, pos + to.size()))
        s.replace(pos, from.size(), to);
    return s;
}

} // namespace

nlohmann::json ExternalReply::defaultTemplate()
{
    return {{"id", "{{id}}"}, {"query", "{{query}}"}, {"contexts", "{{contexts}}"}};
}

nlohmann::json ExternalReply::fill(const nlohmann::json &t, const ReaderRequest &request)
{
    if (t.is_string()) {
        const std::string s = t.get<std::string>();
        if (s == "{{contexts}}") {
            nlohmann::json list = nlohmann::json::array();
            for (const ReaderContext &c : request.contexts)
                list.push_back({{"id", c.docId.toStdString()}, {"text", c.text.toStdString()}});
            return list;
        }
        return replaced(replaced(s, "{{query}}", request.query.toStdString()), "{{id}}", request.itemKey.toStdString());
    }
    if (t.is_object()) {
        nlohmann::json out = nlohmann::json::object();
        for (auto it = t.begin(); it != t.end(); ++it)
            out[it.key()] = fill(it.value(), request);
        return out;
    }
    if (t.is_array()) {
        nlohmann::json out = nlohmann::json::array();
        for (const auto &v : t)
            out.push_back(fill(v, request));
        return out;
    }
    return t;
}

ReaderAnswer ExternalReply::read(const nlohmann::json &reply, const Pointers &p)
{
    ReaderAnswer a;
    if (const auto *v = at(reply, p.error); v && !v->is_null() && jsonText(*v) != QLatin1String("false") && !jsonText(*v).isEmpty()) {
        a.error = jsonText(*v);
        a.halted = true;
    }
    const auto *answer = at(reply, p.answer);
    if (!answer && a.error.isEmpty())
        a.error = QStringLiteral("the reply has no answer at %1").arg(p.answer);
    else if (answer)
        a.answer = jsonText(*answer).trimmed();
    if (const auto *ids = at(reply, p.ids)) {
        a.hasOwnContext = true;
        if (ids->is_array())
            for (const auto &id : *ids)
                a.contextIds << jsonText(id);
        else
            a.contextIds << jsonText(*ids);
    }
    if (const auto *context = at(reply, p.context)) {
        a.hasOwnContext = true;
        if (context->is_array()) {
            QStringList parts;
            for (const auto &c : *context)
                parts << (c.is_object() && c.contains("text") ? jsonText(c["text"]) : jsonText(c));
            a.contextText = parts.join(QStringLiteral("\n\n"));
        } else {
            a.contextText = jsonText(*context);
        }
    }
    if (const auto *trace = at(reply, p.trace))
        a.trace = jsonText(*trace);
    if (const auto *halted = at(reply, p.halted))
        a.halted = a.halted || (halted->is_boolean() ? halted->get<bool>() : jsonText(*halted) == QLatin1String("1"));
    return a;
}

} // namespace assay

#include "interp/uniformity/graph.h"

namespace wgsl::uniformity {

NodeId Graph::add(const Label& label, bool interior) {
  labels_.push_back(label);
  interior_.push_back(interior ? 1 : 0);
  return NodeId(labels_.size() - 1);
}

void Graph::finalize() {
  const size_t n = labels_.size();
  out_off_.assign(n + 1, 0);
  in_off_.assign(n + 1, 0);
  for (const auto& e : edges_) {
    ++out_off_[e.first + 1];
    ++in_off_[e.second + 1];
  }
  for (size_t i = 0; i < n; ++i) {
    out_off_[i + 1] += out_off_[i];
    in_off_[i + 1] += in_off_[i];
  }
  out_.resize(edges_.size());
  in_.resize(edges_.size());
  std::vector<uint32_t> o(out_off_.begin(), out_off_.end() - 1), in(in_off_.begin(), in_off_.end() - 1);
  for (const auto& e : edges_) {
    out_[o[e.first]++] = e.second;
    in_[in[e.second]++] = e.first;
  }
}

std::vector<NodeId> Graph::pathsTo(NodeId target) const {
  std::vector<NodeId> next;
  pathsTo(target, next);
  return next;
}

void Graph::pathsTo(NodeId target, std::vector<NodeId>& next) const {
  next.assign(size(), kNoNode);
  std::vector<NodeId>& queue = scratch_;
  queue.clear();
  next[target] = target;
  queue.push_back(target);
  for (size_t i = 0; i < queue.size(); ++i) {
    NodeId n = queue[i];
    forEachIn(n, [&](NodeId p) {
      if (next[p] == kNoNode) {
        next[p] = n;
        queue.push_back(p);
      }
    });
  }
}

std::vector<NodeId> Graph::reachableFrom(NodeId from) const {
  std::vector<NodeId> parent, queue;
  reachableFrom(from, parent, queue);
  return parent;
}

void Graph::reachableFrom(NodeId from, std::vector<NodeId>& parent, std::vector<NodeId>& queue) const {
  parent.assign(size(), kNoNode);
  queue.clear();
  parent[from] = from;
  queue.push_back(from);
  for (size_t i = 0; i < queue.size(); ++i) {
    NodeId n = queue[i];
    forEachOut(n, [&](NodeId s) {
      if (parent[s] == kNoNode) {
        parent[s] = n;
        queue.push_back(s);
      }
    });
  }
}

}  // namespace wgsl::uniformity
